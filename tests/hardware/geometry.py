"""A small STL reader and the solid-geometry checks the enclosure tests need.

Meshes are closed triangle surfaces (OpenSCAD exports them so). A point is inside a solid if a
ray from it crosses the surface an odd number of times; the ray's direction is skewed so that it
never runs along the faces and edges of a model made of boxes.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]
SKEW = np.array([0.3189, 0.5521, 0.7706])
SKEW /= np.linalg.norm(SKEW)


@dataclass(frozen=True)
class Mesh:
    name: str
    triangles: Array
    """(n, 3, 3): n triangles of three (x, y, z) corners, counter-clockwise seen from outside."""

    @property
    def low(self) -> Array:
        return np.asarray(self.triangles.reshape(-1, 3).min(axis=0))

    @property
    def high(self) -> Array:
        return np.asarray(self.triangles.reshape(-1, 3).max(axis=0))

    @property
    def size(self) -> Array:
        return self.high - self.low

    @property
    def normals(self) -> Array:
        t = self.triangles
        n = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
        return np.asarray(n / np.linalg.norm(n, axis=1, keepdims=True))

    def volume(self) -> float:
        """Signed volume (divergence theorem): positive for a closed, outward-facing mesh."""
        t = self.triangles
        return float(np.einsum("ij,ij->i", t[:, 0], np.cross(t[:, 1], t[:, 2])).sum() / 6.0)

    def crossings(self, origins: Array, direction: Array) -> list[Array]:
        """For each origin, the sorted distances along ``direction`` at which the ray crosses
        the surface (Möller-Trumbore, all triangles at once)."""
        t = self.triangles
        e1, e2 = t[:, 1] - t[:, 0], t[:, 2] - t[:, 0]
        p = np.cross(direction, e2)
        det = np.einsum("ij,ij->i", e1, p)
        ok = np.abs(det) > 1e-12
        e1, e2, p, det, v0 = e1[ok], e2[ok], p[ok], det[ok], t[ok, 0]
        out = []
        for origin in np.atleast_2d(origins):
            s = origin - v0
            u = np.einsum("ij,ij->i", s, p) / det
            q = np.cross(s, e1)
            v = (q @ direction) / det
            dist = np.einsum("ij,ij->i", e2, q) / det
            hit = (u >= 0) & (v >= 0) & (u + v <= 1) & (dist > 1e-9)
            out.append(np.unique(np.round(dist[hit], 6)))  # a ray through an edge: once
        return out

    def contains(self, points: Array, chunk: int = 256) -> NDArray[np.bool_]:
        """Which points lie inside the solid (odd number of crossings along one skewed ray)."""
        t = self.triangles
        e1, e2 = t[:, 1] - t[:, 0], t[:, 2] - t[:, 0]
        p = np.cross(SKEW, e2)
        det = np.einsum("ij,ij->i", e1, p)
        ok = np.abs(det) > 1e-12
        e1, e2, p, det, v0 = e1[ok], e2[ok], p[ok], det[ok], t[ok, 0]
        result = []
        points = np.atleast_2d(points)
        for start in range(0, len(points), chunk):
            s = points[start : start + chunk, None, :] - v0[None, :, :]
            u = np.einsum("pij,ij->pi", s, p) / det
            q = np.cross(s, e1[None, :, :])
            v = (q @ SKEW) / det
            dist = np.einsum("ij,pij->pi", e2, q) / det
            hit = (u >= 0) & (v >= 0) & (u + v <= 1) & (dist > 1e-9)
            result.append(hit.sum(axis=1) % 2 == 1)
        return np.concatenate(result)

    def surface_points(self, spacing: float, offset: float) -> Array:
        """Points over every face, about ``spacing`` apart (the centroids of a subdivision, so
        none lies on an edge), moved ``offset`` along the outward normal (negative: inwards)."""
        points = []
        for tri, normal in zip(self.triangles, self.normals, strict=True):
            longest = max(np.linalg.norm(tri[i] - tri[(i + 1) % 3]) for i in range(3))
            n = max(1, int(np.ceil(longest / spacing)))
            for i in range(n):
                for j in range(n - i):
                    a, b = (i + 1 / 3) / n, (j + 1 / 3) / n
                    point = tri[0] + a * (tri[1] - tri[0]) + b * (tri[2] - tri[0])
                    points.append(point + offset * normal)
        return np.array(points)


def read_stl(path: Path) -> Mesh:
    """An ASCII or binary STL file."""
    data = path.read_bytes()
    if data[:5] == b"solid" and b"facet" in data[:1024]:
        vertices = [
            [float(v) for v in line.split()[1:4]]
            for line in data.decode("ascii").splitlines()
            if line.strip().startswith("vertex")
        ]
        triangles = np.array(vertices, dtype=float).reshape(-1, 3, 3)
    else:
        (count,) = struct.unpack_from("<I", data, 80)
        if len(data) != 84 + 50 * count:
            raise ValueError(f"{path}: binary STL of {count} triangles has {len(data)} bytes")
        rows = [struct.unpack_from("<12f", data, 84 + 50 * i) for i in range(count)]
        triangles = np.array(rows, dtype=float)[:, 3:].reshape(-1, 3, 3)
    if not len(triangles):
        raise ValueError(f"{path}: no triangles")
    return Mesh(name=path.stem, triangles=triangles)


def first_solid_run(mesh: Mesh, origin: Array, direction: Array) -> tuple[float, float]:
    """From a point outside the solid, the distance to the first surface along ``direction``
    and the thickness of material there (inf, 0 when the ray meets nothing)."""
    direction = np.asarray(direction, dtype=float)
    (hits,) = mesh.crossings(np.asarray(origin, dtype=float), direction / np.linalg.norm(direction))
    if len(hits) < 2:
        return float("inf"), 0.0
    return float(hits[0]), float(hits[1] - hits[0])
