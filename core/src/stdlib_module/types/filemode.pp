# A file mode: up to four octal digits, or symbolic clauses ("u+rwx,g-w", "a=X", "=644") joined by commas.
type Stdlib::Filemode = Pattern[/\A(?:[0-7]{1,4}|(?:[augo]*(?:[-+=](?:[rstwxX]*|[gou]))+|[-+=][0-7]+)(?:,(?:[augo]*(?:[-+=](?:[rstwxX]*|[gou]))+|[-+=][0-7]+))*)\z/]
