# stdlib::time: the seconds since the epoch, deprecated in stdlib 9.
#
# Kept by stdlib 9 for code written for the old `time` function; Puppet's own
# `Timestamp` says the same without the warning.
#
# The time zone argument is accepted and has no effect, as in stdlib.
function stdlib::time(Optional[String] $_timezone = undef) >> Integer {
  # The warning names this file and the line of the call below (line 9).
  deprecation('time', 'The stdlib `time` function is deprecated. Please direcly use native Puppet functionality instead. eg. `Integer(Timestamp().strftime(\'%s\'))`', false)
  Integer(Timestamp().strftime('%s'))
}
