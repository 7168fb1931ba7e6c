#pragma once
// Which sanitizer this file is compiled under, for GCC and clang alike: GCC defines
// __SANITIZE_ADDRESS__ and __SANITIZE_THREAD__, clang 14 only answers __has_feature.
// KONANE_ASAN and KONANE_TSAN are 1 under AddressSanitizer and ThreadSanitizer, else 0.
#if defined(__SANITIZE_ADDRESS__)
#define KONANE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KONANE_ASAN 1
#endif
#endif
#ifndef KONANE_ASAN
#define KONANE_ASAN 0
#endif

#if defined(__SANITIZE_THREAD__)
#define KONANE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KONANE_TSAN 1
#endif
#endif
#ifndef KONANE_TSAN
#define KONANE_TSAN 0
#endif
