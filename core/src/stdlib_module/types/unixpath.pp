# An absolute Unix path on one line: "/", then anything but NUL and newlines, not starting with a second "/".
type Stdlib::Unixpath = Pattern[/\A\/(?:[^\/\n\0][^\n\0]*)?\z/]
