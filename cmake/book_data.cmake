# The opening books of data/book/<game>.txt (doska book build), compiled in: for the games of
# GAMES that have one, FILES gets the files, DECLS the declarations of their bytes (an .incbin
# each, as the weights are: a book of any size, where a string literal past 64 KB is more than a
# compiler must take) and BODY the body of a function that returns std::span<const EmbeddedText>,
# an entry `{"<game>", <the file's text>}` a book (empty where no game has one).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/incbin.cmake)
function(doska_embed_books games files_var decls_var body_var)
  set(table "")
  set(files "")
  set(incbins "")
  foreach(game IN LISTS games)
    set(file ${PROJECT_SOURCE_DIR}/data/book/${game}.txt)
    if(EXISTS ${file})
      string(REPLACE "-" "_" sym "doska_book_${game}")
      doska_incbin(incbins ${sym} ${file})
      string(APPEND table
        "    {\"${game}\", std::string_view(reinterpret_cast<const char*>(${sym}),\n"
        "        static_cast<std::size_t>(${sym}_end - ${sym}))},\n")
      list(APPEND files ${file})
    endif()
  endforeach()
  if(table STREQUAL "")
    set(body "return {};")
  else()
    set(body "static const EmbeddedText kAll[] = {\n${table}  };\n  return kAll;")
  endif()
  set(${files_var} "${files}" PARENT_SCOPE)
  set(${decls_var} "${incbins}" PARENT_SCOPE)
  set(${body_var} "${body}" PARENT_SCOPE)
endfunction()
