# Legacy absolute path check: some line starts with "/", a drive ("C:\"), or "\\server\share".
type Stdlib::Compat::Absolute_path = Pattern[/^(?:\/|[A-Za-z]:[\/\\]|\\[\/\\][^\/\\]+[\/\\][^\/\\])/]
