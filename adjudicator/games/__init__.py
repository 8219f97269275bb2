"""The games: what each game is, its profile, and the rule machinery the Clix games share."""
