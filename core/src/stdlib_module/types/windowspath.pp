# An absolute Windows path: a drive ("C:\", "c:/") or a share ("\\server\share"), then the rest of the line.
type Stdlib::Windowspath = Pattern[/\A(?:[A-Za-z]:[\/\\]|[\/\\]{2}[^\/\\]+[\/\\][^\/\\]+)[^\n]*\z/]
