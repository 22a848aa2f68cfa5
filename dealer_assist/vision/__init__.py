"""The overhead camera's pure stages: no capture, no threads (see docs/vision.md).

- :mod:`~dealer_assist.vision.layout` - zones, card size, markers, the camera homography (TOML).
- :mod:`~dealer_assist.vision.calibration` - the homography from ArUco markers or four corners.
- :mod:`~dealer_assist.vision.quads` - work view, card mask, card quadrilaterals.
- :mod:`~dealer_assist.vision.index` - corner indices cut into rank and suit glyphs.
- :mod:`~dealer_assist.vision.classifier` - the glyph networks (``model/glyphs.npz``).
- :mod:`~dealer_assist.vision.pipeline` - :class:`CardDetector`: a frame in, cards out.
- :mod:`~dealer_assist.vision.tracker` - :class:`CardTracker`: cards landed, in dealing order.
- :mod:`~dealer_assist.vision.annotate` - drawing what was found.

Building and testing only (they need the Debian card art, rendered at run time):
:mod:`~dealer_assist.vision.decks`, :mod:`~dealer_assist.vision.synthetic`,
:mod:`~dealer_assist.vision.evaluation`.

Nothing here is imported by ``import dealer_assist``: OpenCV and numpy are the ``camera`` extra.
"""
