"""The rules of baccarat as a pure library: tableaux, the coup engine, outcomes, bets, settlement.

Nothing here imports Qt, pyserial, pyscard or OpenCV, reads a clock or draws a random number.
"""
