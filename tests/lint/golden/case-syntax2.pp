node foo
