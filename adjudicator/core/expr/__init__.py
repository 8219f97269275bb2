"""The rule expression language: parse, type-check, compile."""
