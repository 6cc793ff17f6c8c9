# doska_libraries(<var>): every library target defined under src/, so that the tests, fuzz
# targets and benchmarks link whatever the program is made of without a list to keep up to date.
# Static archives only bring in what is used, so linking a library a program does not need
# costs nothing.
function(doska_libraries out_var)
  set(libraries)
  set(directories "${PROJECT_SOURCE_DIR}/src")
  while(directories)
    list(POP_FRONT directories directory)
    get_property(targets DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(type MATCHES "^(STATIC|SHARED|INTERFACE)_LIBRARY$")
        list(APPEND libraries ${target})
      endif()
    endforeach()
    get_property(subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
    list(APPEND directories ${subdirectories})
  endwhile()
  if(NOT libraries)
    message(FATAL_ERROR "doska_libraries: no library target is defined under src/")
  endif()
  set(${out_var} ${libraries} PARENT_SCOPE)
endfunction()
