# Regenerates build_info.h at build time, rewriting it only when the commit changed, so
# `quiver version` and benchmark evidence name the commit actually built.
execute_process(COMMAND git rev-parse --short=12 HEAD
  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE QUIVER_GIT_COMMIT
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT QUIVER_GIT_COMMIT)
  set(QUIVER_GIT_COMMIT "unknown")
endif()
execute_process(COMMAND git status --porcelain --untracked-files=no
  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE dirty ERROR_QUIET)
if(dirty)
  string(APPEND QUIVER_GIT_COMMIT "-dirty")
endif()
configure_file(${SOURCE_DIR}/cmake/build_info.h.in ${OUTPUT} @ONLY)
