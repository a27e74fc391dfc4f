"""The server-side SVG chart: well-formed, scaled, and safe with any names."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scorekeeper.reports.charts import line_chart, nice_step

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_one_line_per_side_and_a_target() -> None:
    root = parsed(line_chart([("Us", [0, 340, 440]), ("Them", [0, 160, -170])], target=1500))
    lines = root.findall(f"{SVG}polyline")
    assert len(lines) == 2
    assert [len(line.get("points", "").split()) for line in lines] == [3, 3]
    labels = [text.text for text in root.iter(f"{SVG}text")]
    assert "1500" in labels and "0" in labels and "-500" in labels  # the axis spans the values


def test_points_stay_inside_the_picture() -> None:
    root = parsed(line_chart([("A", [0, -900, 2400, 100])], width=300, height=120))
    for line in root.findall(f"{SVG}polyline"):
        for point in line.get("points", "").split():
            x, y = map(float, point.split(","))
            assert 0 <= x <= 300 and 0 <= y <= 120


def test_names_are_escaped() -> None:
    svg = line_chart([("<script>alert(1)</script>", [0, 1])], title="a & b")
    parsed(svg)  # still well-formed XML
    assert "<script>" not in svg


def test_no_hands_yet() -> None:
    root = parsed(line_chart([("Us", [0]), ("Them", [0])]))
    assert len(root.findall(f"{SVG}polyline")) == 2


@pytest.mark.parametrize(("span", "step"), [(1, 1), (7, 2), (100, 20), (1500, 500), (2600, 1000)])
def test_nice_steps(span: int, step: int) -> None:
    assert nice_step(span) == step
