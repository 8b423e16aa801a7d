# stdlib's main class: declares stdlib::manage, then the run stages of stdlib::stages.
class stdlib {
  include stdlib::manage
  include stdlib::stages
}
