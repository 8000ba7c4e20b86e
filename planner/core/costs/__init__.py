"""Money and energy.

Currencies and dated rates, which price a card costs, kWh, tariffs and carbon, and the one formatter
of figures.
"""
