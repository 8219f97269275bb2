"""What HorrorClix and HeroClix share: the table of facts, movement, line of fire, combat, values."""
