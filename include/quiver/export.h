/* QUIVER_EXPORT: what the shared libquiver exports (docs/api.md, "Installing and linking").
 *
 * Every layer is compiled with hidden symbol visibility; the public API — the C
 * functions of quiver/quiver.h and the classes and functions of the C++ headers in
 * include/quiver/ — is marked with QUIVER_EXPORT, so the shared library's dynamic
 * symbol table holds that API and none of the engine's internals. It makes no
 * difference to the static library. Plain C: quiver/quiver.h includes it. */
#ifndef QUIVER_EXPORT_H
#define QUIVER_EXPORT_H

#if defined(__cplusplus) && (defined(__GNUC__) || defined(__clang__))
/* The standard attribute form, which may follow another ([[nodiscard]]) in C++. */
#define QUIVER_EXPORT [[gnu::visibility("default")]]
#elif defined(__GNUC__) || defined(__clang__)
#define QUIVER_EXPORT __attribute__((visibility("default")))
#else
#define QUIVER_EXPORT
#endif

#endif /* QUIVER_EXPORT_H */
