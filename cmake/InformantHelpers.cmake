# informant_add_library(NAME DIR <dir> LIBS <public libs...>)
# A static library made of every .cpp/.h under DIR (one concept per file; no
# list to keep in sync).
function(informant_add_library name)
    cmake_parse_arguments(ARG "" "DIR" "LIBS;PRIVATE_LIBS" ${ARGN})
    file(GLOB_RECURSE sources CONFIGURE_DEPENDS
        "${ARG_DIR}/*.cpp" "${ARG_DIR}/*.h")
    list(FILTER sources INCLUDE REGEX "\\.cpp$")
    if(sources)
        file(GLOB_RECURSE all CONFIGURE_DEPENDS "${ARG_DIR}/*.cpp" "${ARG_DIR}/*.h")
        add_library(${name} STATIC ${all})
        target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}")
        target_link_libraries(${name} PUBLIC ${ARG_LIBS} PRIVATE ${ARG_PRIVATE_LIBS})
    else()
        # A layer with no code yet is still a target others can link.
        add_library(${name} INTERFACE)
        target_include_directories(${name} INTERFACE "${PROJECT_SOURCE_DIR}")
        target_link_libraries(${name} INTERFACE ${ARG_LIBS})
    endif()
endfunction()

# informant_add_test(NAME SOURCES <files...> LIBS <libs...> [LABELS <labels>] [TIMEOUT s])
# A Qt Test executable registered with CTest; GUI tests run offscreen.
function(informant_add_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    # Several people add tests in one tree at once: outside CI a test whose
    # source is not written yet is left out with a warning instead of
    # breaking everyone's configure. CI (a clean clone) requires every file.
    foreach(source ${ARG_SOURCES})
        if(NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${source}" AND NOT IS_ABSOLUTE "${source}")
            if(DEFINED ENV{CI})
                message(FATAL_ERROR "${name}: missing source ${source}")
            endif()
            message(WARNING "${name}: ${source} does not exist yet; test left out")
            return()
        endif()
    endforeach()
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    add_test(NAME ${name} COMMAND ${name})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    # Sanitizer builds run several times slower (cmake/InformantSanitizers.cmake).
    math(EXPR ARG_TIMEOUT "${ARG_TIMEOUT} * ${INFORMANT_TEST_TIMEOUT_SCALE}")
    set_tests_properties(${name} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT}
        LABELS "${ARG_LABELS}"
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;INFORMANT_BUILD_DIR=${PROJECT_BINARY_DIR};INFORMANT_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
endfunction()
