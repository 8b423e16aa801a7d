# An http:// or https:// URL (scheme in any case), on one line.
type Stdlib::HTTPUrl = Pattern[/\A(?i:https?):\/\/[^\n]*\z/]
