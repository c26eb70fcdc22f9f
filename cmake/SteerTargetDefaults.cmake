# steer_target_defaults(<target>): warnings as errors and sanitizers on our own code only.
function(steer_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
  if(STEER_SANITIZE)
    # GCC 12 reports false "maybe uninitialized" warnings through std::variant copies once the
    # sanitizers' instrumentation is in (members with default initializers included); keep
    # them visible but not fatal in this configuration only.
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined
                                             -Wno-error=maybe-uninitialized)
    # libstdc++'s own checks (vector and string indices, front() of an empty container, ...):
    # ASan sees an index past size() only when it is past the capacity too.
    target_compile_definitions(${target} PRIVATE _GLIBCXX_ASSERTIONS)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined)
  endif()
endfunction()

# steer_library(<part> SOURCES ... DEPENDS ...): one library per part, with a steer:: alias,
# public headers under include/steer/<part>/ and private ones in src/.
function(steer_library part)
  cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC_DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  add_library(steer_${part} ${ARG_SOURCES})
  add_library(steer::${part} ALIAS steer_${part})
  target_include_directories(steer_${part}
    PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(steer_${part} PUBLIC ${ARG_PUBLIC_DEPENDS} PRIVATE ${ARG_PRIVATE_DEPENDS})
  # The public headers are C++20 (std::span, concepts): a program that links a part compiles as
  # C++20 too, also from a project that includes steer with add_subdirectory (docs/library.md).
  target_compile_features(steer_${part} PUBLIC cxx_std_20)
  steer_target_defaults(steer_${part})
endfunction()
