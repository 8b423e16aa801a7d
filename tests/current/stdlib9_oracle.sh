#!/usr/bin/env bash
# What OpenVox 8 answers, with puppetlabs-stdlib 9 on the modulepath, for the cases of stdlib 9's
# functions (tests/current/stdlib9_cases.jsonl), whose answers core/tests/stdlib9_functions.rs keeps:
#   OPENVOX8=<openvox 8.x source> STDLIB9=<puppetlabs-stdlib 9.x> tests/current/stdlib9_oracle.sh
# Prints one line per case: its id, its logs, its error.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${OPENVOX8:?the folder of the OpenVox 8 source}" "${STDLIB9:?the folder of puppetlabs-stdlib 9}"
ENV_ORACLE_STDLIB=$STDLIB9 ruby -I "$OPENVOX8/lib" ../shared/oracle/env_oracle.rb < tests/current/stdlib9_cases.jsonl |
  python3 -c 'import json, sys
for line in sys.stdin:
    case = json.loads(line)
    print(case["id"], json.dumps(case.get("logs")), json.dumps(case.get("error")))'
