//! The catalogue entries of the checks of JCloisterZone XML (`jcz::`), emitted by
//! [`crate::jcz`] (its reader, its converter and `jcz::import`).
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A saved game (`.jcz`) that tessera cannot read: not JSON, or without the keys of a save.
    JczSaveFormat => "jcz::save_format", Error {
        why: "JCloisterZone 4.x and 5.x and FanCloisterZone 6.x save a game as JSON with its \
              `setup` (sets, elements, rule switches, start tile), its players and its \
              `replay` (the actions in order). A file without them, or an action without \
              the tile, rotation and position it needs, cannot be replayed.",
        bad: "\
{\"appVersion\": \"6.2.0\", \"players\": [{\"name\": \"Oscar\", \"slot\": 0}]}
",
        fixed: "\
{\"appVersion\": \"6.2.0\", \"players\": [{\"name\": \"Oscar\", \"slot\": 0}],
 \"setup\": {\"sets\": {\"basic:1\": 1}, \"elements\": {\"small-follower\": 7}},
 \"replay\": []}
",
    }
    /// A saved game uses a set, element, rule switch or action tessera does not play yet.
    JczSaveUnsupported => "jcz::save_unsupported", Error {
        why: "A game played with an expansion tessera lacks would be scored wrong if its \
              pieces, tiles or rules were left out, so the save is refused, with every set, \
              element, rule switch and action it needs that tessera does not play, each at \
              its place in the file. tessera plays the base game's saves (`basic:1`, the \
              seven followers, with or without farmers, `tiny-city-scoring`).",
        bad: "\
{\"setup\": {\"sets\": {\"basic:1\": 1, \"abbey-and-mayor:1\": 1},
            \"elements\": {\"small-follower\": 7, \"mayor\": 1}}}
",
        fixed: "\
{\"setup\": {\"sets\": {\"basic:1\": 1}, \"elements\": {\"small-follower\": 7}}}
",
    }
    /// The file is not well-formed XML.
    JczSyntax => "jcz::syntax", Error {
        why: "An XML file that does not parse cannot be read at all; JCloisterZone refuses it too.",
        bad: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// The XML passes tessera's budget: too many nodes or words.
    JczBudget => "jcz::budget", Error {
        why: "Real tile-definition files are small (the largest of JCloisterZone's and \
              FanCloisterZone's have under 250 elements), so a file is read only within \
              budgets that keep a hostile file from taking gigabytes: 200,000 XML nodes \
              (elements, text runs, comments) and 1,000,000 words in texts and attribute \
              values (`limits::XML_MAX_NODES`, `limits::XML_MAX_WORDS`).",
        bad: "<city>N N N N N N N N ... (a million words)</city>",
        fixed: "<city>N</city>",
    }
    /// The XML does not have the shape of tile definitions (root element, a tile or tile set without id, a ref without tile, a count that is not a whole number, no tile at all).
    JczStructure => "jcz::structure", Error {
        why: "Tile definitions live in `<defs>` (JCloisterZone) or `<defs>` (FanCloisterZone), each `<tile>` with an id and each count a whole number; anything else cannot be turned into tiles.",
        bad: "\
<defs>
  <tile>
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// An element or attribute name JCloisterZone does not read, a letter or two from one it does (`<monestary/>`, `penants`): most likely a slip, and the thing is lost.
    JczUnknownName => "jcz::unknown_name", Error {
        why: "JCloisterZone and FanCloisterZone skip names they do not know without a word, so a misspelt `<monastery/>`, `pennants=\"1\"` or `<tile>` is simply not there in their games either: the file is wrong, not beyond what the rule set can express (`jcz::unsupported`). A name one edit from one they read (two for names of five letters or more; swapped neighbours count as one edit) is told with the name meant. The names known are those of JCloisterZone's and FanCloisterZone's own files and of the fan expansions they play; a tile whose city, road, field or monastery is misspelt is not checked further, nor imported.",
        bad: "\
<defs>
  <tile id=\"X/L\">
    <monestary/>
    <field>NL NR EL ER SL SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/L\">
    <monastery/>
    <field>NL NR EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// An element or attribute the rule set cannot express; it is ignored, and the rest of the tile is checked and imported.
    JczUnsupported => "jcz::unsupported", Warning {
        why: "JCloisterZone files carry the pieces of many expansions (towers, dragons, bazaars, trade goods, ...); what the chosen rule set has no words for is no error in the file, but it is left out, so scores may differ from a game with that expansion. `validate` ends with what each file's tiles could not have checked.",
        bad: "\
<defs>
  <tile id=\"X/RFr.t\">
    <tower/>
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/RFr\">
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
    }
    /// A side the rule set cannot express (a city gate, a hedge, a river without rivers); the rest of the tile is checked, but it is not imported.
    JczUnsupportedSide => "jcz::unsupported_side", Warning {
        why: "Fan expansions add things that sit on a side (The City Gates' gates, Village Life's hedges); a rule set without them cannot place such a tile faithfully. That is no error in the file: the tile is checked as if the side were a field side divided in two (as beside a road's end), and `tessera import jcz` leaves it out and names it, rather than write a different tile. (A side two cities share, `multi-edge`, and a field side divided by a wall in a tile whose id has `!` are expressed, with `shares:`.)",
        bad: "\
<defs>
  <tile id=\"X/Cg\">
    <city city-gate=\"S\">N</city>
    <field city=\"N\">EL ER SL</field>
    <field city=\"N\">SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// A tile the rule set cannot express at all (The Count's City of Carcassonne, tiles `CO/…`); it is neither checked nor imported.
    JczUnsupportedTile => "jcz::unsupported_tile", Warning {
        why: "The Count's twelve tiles are laid together as one 4×3 block at the start; their inner sides hold nothing, which no tessera tile can say. They are reported and left out, not checked as broken tiles.",
        bad: "\
<defs>
  <tile id=\"CO/13\">
    <city>S</city>
    <field city=\"S\">WL WR NL NR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>S</city>
    <field city=\"S\">WL WR NL NR EL ER</field>
  </tile>
</defs>
",
    }
    /// A word that is not what its element lists: sides (N E S W, or an inner location such as I) for a city, road or river or in a field's `city`, half-sides (NL NR EL ER SL SR WL WR, or one inner location) for a field, at most an inner location for a monastery.
    JczUnknownSide => "jcz::unknown_side", Error {
        why: "Cities, roads and rivers claim whole sides and fields claim half-sides (JCloisterZone also reads unions such as `NS`, `N.S` and `_S`, and inner locations `I`, `II` for places that touch no edge); a misspelt or wrong-sized side claims nothing, so the tile has a hole or a wrong edge.",
        bad: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR S</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// A side, half-side or inner location listed twice in a tile.
    JczListedTwice => "jcz::listed_twice", Error {
        why: "A half-side belongs to exactly one field, an inner location of a kind to one element; listed twice (JCZ once crashed on a half-side listed three times) the fields overlap.",
        bad: "\
<defs>
  <tile id=\"X/RFr\">
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>EL ER SL SR WL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/RFr\">
    <road>W E</road>
    <field>WR NL NR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
    }
    /// A field side whose two halves belong to two different fields with nothing between them (no road, city gate or hedge).
    JczSplitSide => "jcz::split_side", Error {
        why: "Without a road (or a gate or hedge, `jcz::unsupported_side`), a side's two halves meet the same field of the neighbouring tile, so the two fields join anyway; tessera's field sides are one slot and cannot hold two fields. On a tile whose id has `!` (JCloisterZone's mark for fields divided by walls) the split is taken as drawn: the second field shares the side's slot (`shares:`), and both meet what lies across it.",
        bad: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">WR WL SR</field>
    <field city=\"N\">EL ER SL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/C\">
    <city>N</city>
    <field city=\"N\">EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// `multi-edge` names a side no other city of the tile holds.
    JczMultiEdge => "jcz::multi_edge", Error {
        why: "`multi-edge=\"N\"` on a `<city>` says that this city reaches side N beside another city of the tile, which holds it (Hills and Sheep's `HS/CC!.v`); both meet what lies across. With no other city on that side there is nothing to share: usually the wrong side.",
        bad: "\
<defs>
  <tile id=\"X/CC\">
    <city>N W</city>
    <city multi-edge=\"S\">E</city>
    <field city=\"N E\">SL SR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/CC\">
    <city>N W</city>
    <city multi-edge=\"N\">E</city>
    <field city=\"N E\">SL SR</field>
  </tile>
</defs>
",
    }
    /// One half of a field side belongs to a `<field>`, the other half to nothing.
    JczUnclaimedHalf => "jcz::unclaimed_half", Error {
        why: "Every half-side that no city, road or river takes is part of some `<field>` (`<farm>` before mid-2021); a half left out is a gap in the tile.",
        bad: "\
<defs>
  <tile id=\"X/L\">
    <monastery/>
    <field>NL NR EL SL SR WL WR</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/L\">
    <monastery/>
    <field>NL NR EL ER SL SR WL WR</field>
  </tile>
</defs>
",
    }
    /// A `<field>`'s `city` attribute names a side that holds no city.
    JczNoCity => "jcz::no_city", Error {
        why: "`city=\"N\"` says the field touches the city on side N; with no city there the contact is lost (or the wrong side is named), and farmers score wrongly.",
        bad: "\
<defs>
  <tile id=\"X/CRr\">
    <city>N</city>
    <road>W E</road>
    <field city=\"N\">WR EL</field>
    <field city=\"S\">ER SL SR WL</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/CRr\">
    <city>N</city>
    <road>W E</road>
    <field city=\"N\">WR EL</field>
    <field>ER SL SR WL</field>
  </tile>
</defs>
",
    }
    /// A `<neighbouring>` place (2021's wagon-move data) that no feature of the tile holds.
    JczJunctionPlace => "jcz::junction_place", Error {
        why: "`<wagon-move><neighbouring>I S</neighbouring></wagon-move>` says which features meet on the tile (the first edition's wagon moves along them); a place no feature holds names nothing, so the junction is lost or the wrong feature is meant.",
        bad: "\
<defs>
  <tile id=\"X/LR\">
    <cloister/>
    <road>S</road>
    <farm>NL NR EL ER SL SR WL WR</farm>
    <wagon-move>
      <neighbouring>CLOISTER N</neighbouring>
    </wagon-move>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/LR\">
    <cloister/>
    <road>S</road>
    <farm>NL NR EL ER SL SR WL WR</farm>
    <wagon-move>
      <neighbouring>CLOISTER S</neighbouring>
    </wagon-move>
  </tile>
</defs>
",
    }
    /// A tile id whose mnemonic says pennant (`+`), inn or cathedral where no element has one.
    JczIdContent => "jcz::id_content", Warning {
        why: "JCloisterZone ids describe their tile (`+` a pennant, `.i` an inn, `.c` a cathedral); an id that promises what the elements lack usually means a forgotten attribute (JCZ fixed such tiles after wrong scores).",
        bad: "\
<defs>
  <tile id=\"X/Cc+\">
    <city>N W</city>
    <field city=\"N\">SL SR EL ER</field>
  </tile>
</defs>
",
        fixed: "\
<defs>
  <tile id=\"X/Cc+\">
    <city pennants=\"1\">N W</city>
    <field city=\"N\">SL SR EL ER</field>
  </tile>
</defs>
",
    }
    /// A tile set lists a tile this file does not define.
    JczExternalRef => "jcz::external_ref", Warning {
        why: "JCloisterZone resolves such tiles from its other files (the winter set reuses the base tiles); on its own the file lacks them, so they are left out of counts and imports.",
        bad: "\
<defs>
  <tiles>
    <tile id=\"X/L\">
      <monastery/>
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
  </tiles>
  <sets>
    <tile-set id=\"x\">
      <ref count=\"4\" tile=\"BA/L\"/>
      <ref count=\"1\" tile=\"X/L\"/>
    </tile-set>
  </sets>
</defs>
",
        fixed: "\
<defs>
  <tiles>
    <tile id=\"X/L\">
      <monastery/>
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
  </tiles>
  <sets>
    <tile-set id=\"x\">
      <ref count=\"5\" tile=\"X/L\"/>
    </tile-set>
  </sets>
</defs>
",
    }
}
