# The bytes of a data file compiled in (the weights, the opening books).
include_guard(GLOBAL)
# Appends to `decls` the declarations of symbol `name` (and `name`_end) around the bytes of `file`.
function(doska_incbin decls name file)
  string(CONCAT text "${${decls}}"
    "extern \"C\" const unsigned char ${name}[];\n"
    "extern \"C\" const unsigned char ${name}_end[];\n"
    "__asm__(\".section .rodata\\n.balign 16\\n.global ${name}\\n"
    "${name}:\\n.incbin \\\"${file}\\\"\\n.global ${name}_end\\n"
    "${name}_end:\\n.byte 0\\n.previous\\n\");\n")
  set(${decls} "${text}" PARENT_SCOPE)
endfunction()
