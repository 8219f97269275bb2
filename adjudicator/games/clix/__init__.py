"""The engine HorrorClix and HeroClix share: the table of facts, movement, line of fire, combat, values.

Neither game lives here: each declares its fields, words, fact profile and
rule concepts in its own package (``adjudicator.games.horrorclix``,
``adjudicator.games.heroclix``) as a :class:`~adjudicator.games.clix.variant.ClixGame`,
which the reader puts on every situation and the engine asks.
"""
