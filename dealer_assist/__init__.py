"""dealer-assist: makes sure a baccarat coup is dealt, called and paid right."""

__version__ = "0.1.0"
