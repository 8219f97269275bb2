"""Section names in citations are the rulebook's own headings (issue 27).

Page markers, version lines and captions are no headings, and where the Gloomhaven summary's two
columns interleave, a line's section is that of its own column.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from adjudicator.core.plain import cite_json
from adjudicator.core.sources import RESUMED_SECTIONS, Source
from adjudicator.core.spec import Spec, known_rulesets, load_spec

MARKER = re.compile(r"Page \d+/\d+|Version|Figure \d+|\.pdf|Auteur", re.IGNORECASE)


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


def section(spec: Spec, ruleset: str, rule_id: str, first_line: int) -> str:
    """The section the answer names for the rule's citation that starts at ``first_line``."""
    view = spec.rules[rule_id].views[ruleset]
    (cite,) = [c for c in view.cites if c.first == first_line]
    return str(cite_json(spec, cite)["section"])


@pytest.mark.parametrize(
    ("ruleset", "rule_id", "line", "heading", "not_heading"),
    [
        ("gloomhaven/1e", "GH.COND.POISON", 1097, "Statuts", "Infusion Élémentaire"),
        ("gloomhaven/1e", "GH.ATK.POISON", 1179, "Statuts", "Amélioration Élémentaire"),
        ("gloomhaven/1e", "GH.DEF.PIERCE", 843, "Bouclier X [Shield X]", "Riposte X [Retaliate X]"),
        ("gloomhaven/1e", "GH.DEF.PIERCE", 837, "Bouclier X [Shield X]", "Riposte X [Retaliate X]"),
        ("gloomhaven/1e", "GH.LOS.DEF", 496, "Actions du Joueur", "Déplacement X [Move X]"),
        ("gloomhaven/1e", "GH.LOS.REQUIRED_FOR", 494, "Actions du Joueur", "Déplacement X [Move X]"),
        ("gloomhaven/1e", "GH.SETUP.LEVEL", 240, "Début d\u2019un Scénario", "Version 1.0"),
        ("gloomhaven/1e", "GH.SETUP.SMALL_ITEMS", 284, "Début d\u2019un Scénario", "Max 1"),
        ("gloomhaven/1e", "GH.SETUP.ELEMENTS", 307, "Début d\u2019un Scénario", "Page 2/15"),
        ("gloomhaven/1e", "GH.LOS.ADJACENT", 1659, "Glossaire", "Page 11/15"),
        ("gloomhaven/1e", "GH.MOVE.DIFFICULT", 514, "Déplacement X [Move X]", "Coût de mouvement"),
        ("heroclix/core", "HE.BASIC.CLOSE", 180, "EFFECTUER UNE ATTAQUE AU CORPS A CORPS", "DEPLACER VOTRE PERSONNAGE"),
        ("horrorclix/2008", "HX.BREAK.SUCCESS", 277, "Breaking Away", ""),
    ],
)
def test_citation_names_its_own_section(
    spec: Spec, ruleset: str, rule_id: str, line: int, heading: str, not_heading: str
) -> None:
    """The cases of the issue: each citation's section is the heading of its own part of the book."""
    if not spec.seeds_available:
        pytest.skip("the seed texts are needed to find the citation's line")
    found = section(spec, ruleset, rule_id, line)
    assert found == heading
    assert not not_heading or not found.startswith(not_heading)


def test_no_section_is_a_page_marker_or_a_version(spec: Spec) -> None:
    """No citation of any ruleset names a page marker, a version line or a caption as its section."""
    wrong = []
    for ruleset in known_rulesets():
        for rule in spec.rules_in(ruleset):
            for cite in rule.views[ruleset].cites:
                name = cite_json(spec, cite)["section"]
                if MARKER.search(name):
                    wrong.append((ruleset, rule.id, str(cite), name))
    assert not wrong


def test_no_heading_is_a_page_marker(spec: Spec) -> None:
    """The headings themselves (the reference's sections too) hold no page marker or version line."""
    for source in spec.sources.values():
        assert not [h for h in source.headings.values() if MARKER.search(h)], source.seed


def test_packaged_headings_answer_as_the_texts(spec: Spec) -> None:
    """Without the texts (an installed wheel), every citation names the same section as with them."""
    if not spec.seeds_available:
        pytest.skip("needs the texts to compare")
    for source in spec.sources.values():
        bare: Source = dataclasses.replace(source, seeds_dir=None)
        for rule in spec.rules.values():
            for view in rule.views.values():
                for cite in (c for c in view.cites if c.source == source.id):
                    assert bare.heading_of(cite.first) == source.heading_of(cite.first), (rule.id, str(cite))


def test_resumed_sections_point_at_headings(spec: Spec) -> None:
    """Each column's resumed section names a heading of its seed, above or below, never a plain line."""
    by_seed = {s.seed: s for s in spec.sources.values()}
    for seed, resumed in RESUMED_SECTIONS.items():
        source = by_seed[seed]
        for start, heading_line in resumed.items():
            assert heading_line in source.headings, (seed, start, heading_line)
            assert start not in source.headings, (seed, start)
