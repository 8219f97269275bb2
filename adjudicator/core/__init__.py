"""The rule core: the expression language, spec loading and the 0/1/many decision engine."""
