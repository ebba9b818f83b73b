# libquiver: the engine as one library, shared (libquiver.so) and static (libquiver.a),
# whose public interface is include/quiver/ alone (docs/api.md, "Installing and
# linking"). Both are linked from the layers' own objects ($<TARGET_OBJECTS>): nothing
# is compiled a second time. `cmake --install` installs them with the headers, the
# quiver tool, a CMake package (find_package(Quiver) -> Quiver::quiver, and
# Quiver::quiver_static) and quiver.pc for pkg-config.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The C API's version macros must say the project's version.
file(STRINGS ${CMAKE_SOURCE_DIR}/include/quiver/quiver.h quiver_h_version REGEX "^#define QUIVER_VERSION \"")
if(NOT quiver_h_version STREQUAL "#define QUIVER_VERSION \"${PROJECT_VERSION}\"")
  message(FATAL_ERROR "include/quiver/quiver.h says ${quiver_h_version}; the project is ${PROJECT_VERSION}")
endif()

set(QUIVER_LIBRARY_LAYERS common storage ingest export cypher planner exec algo main capi)
set(quiver_library_objects)
foreach(layer IN LISTS QUIVER_LIBRARY_LAYERS)
  list(APPEND quiver_library_objects $<TARGET_OBJECTS:quiver_${layer}>)
endforeach()
# What the layers' objects need when linked (nlohmann_json is headers only, and no
# public header includes a dependency's header).
set(QUIVER_LIBRARY_DEPS Threads::Threads PkgConfig::XXHASH PkgConfig::UTF8PROC PkgConfig::PCRE2 ZLIB::ZLIB PkgConfig::SNAPPY PkgConfig::ZSTD PkgConfig::LZ4 date::date-tz)

add_library(quiver_shared SHARED ${quiver_library_objects})
add_library(quiver_static STATIC ${quiver_library_objects})
foreach(target quiver_shared quiver_static)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME quiver LINKER_LANGUAGE CXX
    ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
  target_include_directories(${target} INTERFACE
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${target} PRIVATE ${QUIVER_LIBRARY_DEPS})
endforeach()
set_target_properties(quiver_shared PROPERTIES EXPORT_NAME quiver
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
set_target_properties(quiver_static PROPERTIES EXPORT_NAME quiver_static)
target_link_options(quiver_shared PRIVATE -Wl,--version-script=${CMAKE_SOURCE_DIR}/cmake/libquiver.map)
set_target_properties(quiver_shared PROPERTIES LINK_DEPENDS ${CMAKE_SOURCE_DIR}/cmake/libquiver.map)
if(NOT QUIVER_SANITIZE)
  # Every symbol the objects need is in the libraries above (sanitizer runtimes are not).
  target_link_options(quiver_shared PRIVATE -Wl,--no-undefined)
endif()

# ---- install ----------------------------------------------------------------------------
install(TARGETS quiver_shared EXPORT QuiverTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development)
install(TARGETS quiver_static EXPORT QuiverStaticTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/quiver DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

set(QUIVER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Quiver)
install(EXPORT QuiverTargets NAMESPACE Quiver:: DESTINATION ${QUIVER_CMAKE_DIR})
install(EXPORT QuiverStaticTargets NAMESPACE Quiver:: DESTINATION ${QUIVER_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/QuiverConfig.cmake.in
  ${CMAKE_BINARY_DIR}/package/QuiverConfig.cmake INSTALL_DESTINATION ${QUIVER_CMAKE_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/QuiverConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/QuiverConfig.cmake ${CMAKE_BINARY_DIR}/package/QuiverConfigVersion.cmake
  DESTINATION ${QUIVER_CMAKE_DIR})

# quiver.pc finds its prefix from where it lies (${pcfiledir}), so a tree installed with
# `cmake --install --prefix P` (or moved) is found wherever it is.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  message(FATAL_ERROR "quiver.pc needs a relative CMAKE_INSTALL_LIBDIR (got ${CMAKE_INSTALL_LIBDIR})")
endif()
file(RELATIVE_PATH QUIVER_PC_PREFIX /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
string(REGEX REPLACE "/$" "" QUIVER_PC_PREFIX "${QUIVER_PC_PREFIX}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/quiver.pc.in ${CMAKE_BINARY_DIR}/package/quiver.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/package/quiver.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
