#!/usr/bin/env python3
"""Differential fuzzing of the parser against real Puppet: generates small programs from Puppet
fragments, asks the oracle and the parser (core/examples/syntax_check.rs), and prints every case
where accept/reject, the error position or (for syntax errors) the message differ.

    python3 tests/syntax/differential.py [COUNT] [SEED]
"""
import json, os, random, subprocess, sys
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
ORACLE = '/work/shared/oracle/pp_oracle.rb'
RUNTIME = ['Evaluation Error:', 'Attempt to redefine entity', 'from context where this is illegal',
           'is already defined', 'Could not find', 'did not find a value', 'char-class',
           'unmatched', 'target of repeat', 'Invalid produced text', 'invalid pattern',
           'empty char-class', 'too short escape', 'premature end', 'invalid multibyte',
           'Unicode escape']

FRAGMENTS = ['$x', '$y', '$0', 'foo', 'Foo', 'Integer', '::bar', '1', '0x1F', '017', '1.5', "'s'",
             '"d"', '"a${x}b"', '"$x"', '[', ']', '{', '}', '(', ')', ',', ';', ':', '.', '=>', '->',
             '=', '==', '!=', '<', '>', '+', '-', '*', '/', '%', '!', '?', '@', 'if', 'else', 'unless',
             'case', 'default', 'undef', 'true', 'in', 'and', 'or', 'class', 'define', 'node',
             'function', 'type', '/re/', '|$v|', 'notice', 'include', 'each', '<|', '|>', '\n', ' ',
             'file', "'t':", 'ensure', '$x = ', 'if $x { ', ' } ', '[1, 2]', '{a => 1}', '.map ',
             '@(E)\nt\nE\n', '@("E")\n${x}\n E\n', '"${x[0]}"', '"${x.y}"', "'a'.f", '$x.f()',
             'File[', "File['a']", '<<|', '|>>', '~>', '<-', '+>', '* =>', 'elsif', 'private', 'attr',
             '$::x', '$x::y', '0.5', '1e3', '"\\q"', "'\\''", '=~', '!~', '<<', '>>', '>=', '<=',
             'Integer[1]', '/a\\/b/', 'foo(', '::Foo', 'x-y', '_z', '@@', 'default:', 'node ',
             'unless $x {', 'case $x {', "1: {", '$x ? {', 'inherits', 'Type', '| |', '|$a, $b|']

def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    cases = []
    while len(cases) < count:
        src = ' '.join(rng.choice(FRAGMENTS) for _ in range(rng.randint(1, 8))).strip()
        if src and '\u21b5' not in src:
            cases.append(src)
    subprocess.run(['cargo', 'build', '-q', '--release', '-p', 'puppet-core', '--example', 'syntax_check'],
                   cwd=ROOT, check=True)
    ours = subprocess.run([os.path.join(ROOT, 'target/release/examples/syntax_check')],
                          input=''.join(c.replace('\n', '\u21b5') + '\n' for c in cases),
                          capture_output=True, text=True).stdout.splitlines()
    lines = ''.join(json.dumps({'id': str(i), 'src': c}) + '\n' for i, c in enumerate(cases))
    theirs = {}
    for l in subprocess.run(reference_puppet.ruby(ORACLE), input=lines, capture_output=True, text=True).stdout.splitlines():
        d = json.loads(l)
        theirs[int(d['id'])] = d
    bad = 0
    for i, src in enumerate(cases):
        error = theirs[i]['error']
        ok_theirs = error is None or any(w in error for w in RUNTIME)
        mine = ours[i]
        regex = error and error.split(':')[0] in ('premature end of char-class',
                                                  'end pattern with unmatched parenthesis',
                                                  'unmatched close parenthesis')
        if regex:
            # Ruby's regex compiler, at lexing time: we must reject with its message.
            same = error.split(':')[0] in mine
        elif ok_theirs:
            same = mine == 'ok'
        elif 'Giving up' in error:
            same = mine.startswith('giving-up')
        elif '(file: snippet.pp)' in error:
            same = mine.startswith('end ')
        else:
            pos = error.rsplit('line: ', 1)[1].rstrip(')').replace(', column: ', ':')
            same = mine.startswith(pos + ' ')
            message = error.split(' (file: ')[0]
            if same and message.startswith('Syntax error'):
                same = mine == f'{pos} {message}'
        if not same:
            bad += 1
            print(f'{src!r}\n  puppet: {error}\n  ours:   {mine}')
    print(f'{count} programs, {bad} differ')

if __name__ == '__main__':
    main()
