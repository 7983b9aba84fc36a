#!/usr/bin/env python3
"""Cross-checks the legal-move expectations written in crates/rules/tests/rules.rs against Fairy-Stockfish.

Usage: python3 tests/pyffish/check_rules.py [crates/rules/tests/rules.rs] [shared/variants.ini]
Needs `pip install pyffish`. It reads the calls to assert_moves_from, assert_all_moves_after,
assert_legal and assert_illegal whose FEN is a string literal (or a `let` bound to one earlier in
the same test) and asks pyffish for the same move lists. Calls built with format!() are skipped
and listed. The only expected differences are the en-passant captures that open a rank between
the two kings, which Fairy-Stockfish allows by a known slip and RULES.md forbids.
"""
import re
import sys

import pyffish as sf

rules = sys.argv[1] if len(sys.argv) > 1 else 'crates/rules/tests/rules.rs'
ini = sys.argv[2] if len(sys.argv) > 2 else '../shared/variants.ini'
sf.load_variant_config(open(ini).read())
VARIANTS = {'Empire': 'empire', 'Chess': 'chess'}
CALL = (r'let (\w+) = (\[.*?\]|"[^"]*");'
        r'|(assert_moves_from|assert_all_moves_after|assert_legal|assert_illegal)\((.*?)\);')


def strings(text):
    return sorted(re.findall(r'"([^"]*)"', text))


checked = differ = 0
for body in re.split(r'\n#\[test\]', open(rules).read())[1:]:
    bound = {}

    def value(arg):
        arg = arg.strip().lstrip('&')
        return bound.get(arg, arg)

    for m in re.finditer(CALL, body, re.S):
        if m.group(1):
            bound[m.group(1)] = m.group(2)
            continue
        call, args = m.group(3), re.split(r',\s*(?![^\[]*\])', m.group(4))
        variant, fen = VARIANTS.get(args[0].strip()), value(args[1])
        if variant is None or not fen.startswith('"'):
            print('skipped:', call, ' '.join(m.group(4).split())[:70])
            continue
        fen = fen.strip('"')
        checked += 1
        if call == 'assert_moves_from':
            origin = value(args[2]).strip('"')
            got = [x for x in sorted(sf.legal_moves(variant, fen, [])) if x[:2] == origin]
            ok = got == strings(value(args[3]))
        elif call == 'assert_all_moves_after':
            played = value(args[2]).strip('"').split()
            got = sorted(sf.legal_moves(variant, fen, played))
            ok = got == strings(value(args[3]))
        else:
            got = sorted(sf.legal_moves(variant, fen, []))
            ok = all((x in got) == (call == 'assert_legal') for x in strings(value(args[2])))
        if not ok:
            differ += 1
            print('differs:', call, variant, fen, '\n   expected', ' '.join(value(args[-1]).split()),
                  '\n   pyffish ', got)
print(checked, 'checked,', differ, 'differ')
