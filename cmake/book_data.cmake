# The opening books of data/book/<game>.txt (doska book build), compiled in as text: for the games
# of GAMES that have one, FILES gets the files and BODY the body of a function that returns
# std::span<const EmbeddedText>, an entry `{"<game>", R"doska_book(<text>)doska_book"}` a book
# (empty where no game has one).
include_guard(GLOBAL)
function(doska_embed_books games files_var body_var)
  set(table "")
  set(files "")
  foreach(game IN LISTS games)
    set(file ${PROJECT_SOURCE_DIR}/data/book/${game}.txt)
    if(EXISTS ${file})
      file(READ ${file} text)
      string(APPEND table "    {\"${game}\", R\"doska_book(${text})doska_book\"},\n")
      list(APPEND files ${file})
    endif()
  endforeach()
  if(table STREQUAL "")
    set(body "return {};")
  else()
    set(body "static constexpr EmbeddedText kAll[] = {\n${table}  };\n  return kAll;")
  endif()
  set(${files_var} "${files}" PARENT_SCOPE)
  set(${body_var} "${body}" PARENT_SCOPE)
endfunction()
