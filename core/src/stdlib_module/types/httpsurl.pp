# An https:// URL (scheme in any case), on one line.
type Stdlib::HTTPSUrl = Pattern[/\A(?i:https):\/\/[^\n]*\z/]
