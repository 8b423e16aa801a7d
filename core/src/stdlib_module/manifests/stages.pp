# The run stages stdlib offers: setup before main; runtime after main, then the infrastructure
# and application stages in their order.
class stdlib::stages {
  stage { 'setup': before => Stage['main'] }
  stage { 'runtime': require => Stage['main'] }
  -> stage { 'setup_infra': }
  -> stage { 'deploy_infra': }
  -> stage { 'setup_app': }
  -> stage { 'deploy_app': }
  -> stage { 'deploy': }
}
