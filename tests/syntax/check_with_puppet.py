#!/usr/bin/env python3
"""Checks the parser's table tests (tables/*.txt) against real Puppet through the oracle.

Each table line is `expectation | source`; see tables/numbers.txt. Puppet must agree on accept /
reject, on the line and column, and on the message when one is given. Errors Puppet raises while
evaluating (not while parsing or validating) count as accepted. Needs ruby and puppet.

    python3 tests/syntax/check_with_puppet.py            # all tables
    python3 tests/syntax/check_with_puppet.py heredoc    # some tables
"""
import json, os, re, subprocess, sys
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, '..', '..', '..', 'shared', 'oracle', 'pp_oracle.rb')
if not os.path.exists(ORACLE):
    ORACLE = '/work/shared/oracle/pp_oracle.rb'
RUNTIME = ['Evaluation Error:', 'Attempt to redefine entity', 'from context where this is illegal',
           'is already defined', 'Could not find', 'did not find a value']

def read_table(path):
    cases = []
    for n, line in enumerate(open(path, encoding='utf-8', newline='').read().split('\n'), 1):
        if not line.strip() or line.startswith('#'):
            continue
        expectation, _, source = line.partition(' | ')
        cases.append((n, expectation.strip(), source.replace('\u21b5', '\n')))
    return cases

def verdict(error):
    """What Puppet's answer means in table terms."""
    if error is None or any(w in error for w in RUNTIME):
        return ('ok', None, None)
    message = error.split(' (file: ')[0]
    m = re.search(r'line: (\d+), column: (\d+)\)$', error)
    if m:
        return ('err', f'{m.group(1)}:{m.group(2)}', message)
    if 'Giving up' in error:
        return ('err', 'giving-up', None)
    if 'end of input' in error:
        return ('err', 'end', message)
    return ('err', 'nopos', message)

def epp_call(template):
    """A manifest rendering `template` with inline_epp (parameters get a value when declared)."""
    quoted = template.replace('\\', '\\\\').replace("'", "\\'")
    return f"inline_epp('{quoted}')"

def epp_verdict(error):
    """Errors inside an inline_epp template: Puppet reports them as 'Invalid EPP: ...'."""
    if error is None or 'Invalid EPP: ' not in error:
        return ('ok', None, None)
    inner = error.split('Invalid EPP: ', 1)[1]
    inner = inner.rsplit(' (file: snippet.pp', 1)[0]
    message = inner.split(' (file: inlined-epp-text')[0]
    m = re.search(r'\(file: inlined-epp-text, line: (\d+), column: (\d+)\)$', inner)
    if m:
        return ('err', f'{m.group(1)}:{m.group(2)}', message)
    if 'Giving up' in message:
        return ('err', 'giving-up', None)
    if 'end of input' in message:
        return ('err', 'end', message)
    return ('err', 'nopos', message)

def main():
    wanted = set(sys.argv[1:])
    lines, index = [], []
    for folder, wrap in (('tables', None), ('epp_tables', epp_call)):
        for file in sorted(os.listdir(os.path.join(HERE, folder))):
            name = file[:-4]
            if not file.endswith('.txt') or (wanted and name not in wanted):
                continue
            for n, expectation, source in read_table(os.path.join(HERE, folder, file)):
                index.append((name, n, expectation, source, wrap is not None))
                lines.append(json.dumps({'id': f'{name}:{n}', 'src': wrap(source) if wrap else source}))
    out = subprocess.run(reference_puppet.ruby(ORACLE), input='\n'.join(lines) + '\n', capture_output=True, text=True).stdout
    answers = {json.loads(l)['id']: json.loads(l) for l in out.splitlines() if l.strip()}
    bad = 0
    for name, n, expectation, source, template in index:
        answer = answers.get(f'{name}:{n}')
        if answer is None:
            print(f'{name}:{n}: no answer from the oracle'); bad += 1; continue
        kind, where, message = (epp_verdict if template else verdict)(answer['error'])
        parts = expectation.split(' ', 2)
        ok = parts[0] == kind and (kind == 'ok' or (parts[1] == where and (len(parts) < 3 or parts[2] == message)))
        if not ok:
            bad += 1
            print(f'{name}:{n}: table says `{expectation}`, puppet: {answer["error"] or "ok"}\n    {source!r}')
    print(f'{len(index)} cases, {bad} disagree with Puppet')
    sys.exit(1 if bad else 0)

if __name__ == '__main__':
    main()
