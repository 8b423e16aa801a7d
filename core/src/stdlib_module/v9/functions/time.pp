# The engine's own stdlib::time, as stdlib 9.7.0 behaves: deprecated, it warns once, then answers
# the compile's current time as whole seconds since the epoch. The time zone it takes changes
# nothing in those seconds (stdlib's Ruby function ignored it too).
#
# Keep the call of deprecation on line 9: Puppet's warning names the line it comes from.
#
#
function stdlib::time(Optional[String] $_timezone = undef) >> Integer {
  deprecation('time', 'The stdlib `time` function is deprecated. Please direcly use native Puppet functionality instead. eg. `Integer(Timestamp().strftime(\'%s\'))`', false)
  Integer(Timestamp().strftime('%s'))
}
