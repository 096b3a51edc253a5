package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tickbench.app.connect.RuntimePlatform.Arch;
import org.junit.jupiter.api.Test;

/** The packaged runtime a host without Java gets, from what real hosts answer. */
class RuntimePlatformTest {

    @Test
    void theMachineNamePicksTheRuntime() {
        assertEquals(Arch.X64, Arch.forMachine("x86_64\n"));
        assertEquals(Arch.AARCH64, Arch.forMachine("aarch64\n")); // RB5009, Raspberry Pi 4 on a 64-bit OS, Graviton
        assertEquals(Arch.AARCH64, Arch.forMachine("arm64"));
        assertEquals(Arch.X64, Arch.forMachine("amd64"));
        assertNull(Arch.forMachine("armv7l")); // Raspberry Pi OS 32-bit
        assertNull(Arch.forMachine("armv6l"));
        assertNull(Arch.forMachine("mips"));
        assertNull(Arch.forMachine("i686"));
        assertNull(Arch.forMachine(""));
        assertEquals("/probe/tickbench-probe-runtime-linux-aarch64.tar.gz", BundledRuntime.resource(Arch.AARCH64));
        assertEquals("/probe/tickbench-probe-runtime-linux-x64.tar.gz", BundledRuntime.resource(Arch.X64));
    }

    @Test
    void anUnsupportedMachineIsNamedInOneLine() {
        assertEquals(
                "The packaged probe runtimes are for x86_64 and aarch64 (64-bit), and this host is armv7l"
                        + " (32-bit ARM).",
                RuntimePlatform.archProblem("armv7l\n"));
        assertEquals(
                "The packaged probe runtimes are for x86_64 and aarch64 (64-bit), and this host is i686"
                        + " (32-bit x86).",
                RuntimePlatform.archProblem("i686"));
        assertEquals(
                "The packaged probe runtimes are for x86_64 and aarch64 (64-bit), and this host is mips.",
                RuntimePlatform.archProblem("mips"));
        assertEquals(
                "The packaged probe runtimes are for x86_64 and aarch64, and this host's architecture is unknown"
                        + " (`uname -m` said nothing).",
                RuntimePlatform.archProblem(" \n"));
    }

    @Test
    void glibcFromGetconfOrLddIsEnoughFrom234() {
        assertNull(RuntimePlatform.libcProblem("glibc 2.36\n")); // Debian 12, getconf
        assertNull(RuntimePlatform.libcProblem("glibc 2.34"));
        assertNull(RuntimePlatform.libcProblem("ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35\nCopyright (C) 2022"));
        assertNull(RuntimePlatform.libcProblem("glibc 3.0"));
        assertEquals(
                "The packaged probe runtimes need glibc 2.34+, and this host has glibc 2.31.",
                RuntimePlatform.libcProblem("glibc 2.31\n")); // Debian 11, Ubuntu 20.04
        assertEquals(
                "The packaged probe runtimes need glibc 2.34+, and this host has glibc 2.17.",
                RuntimePlatform.libcProblem("ldd (GNU libc) 2.17\nCopyright (C) 2012")); // CentOS 7
    }

    @Test
    void muslAndUnknownCLibrariesAreNamed() {
        // musl's ldd prints its banner on stderr and exits 1; the caller joins stdout and stderr
        assertEquals(
                "The packaged probe runtimes need glibc 2.34+, and this host's C library is musl 1.2.4 (Alpine:"
                        + " `apk add openjdk17-jre-headless`).",
                RuntimePlatform.libcProblem(
                        "musl libc (aarch64)\nVersion 1.2.4\nDynamic Program Loader\nUsage: ldd [options] [--] pathname\n"));
        assertEquals(
                "The packaged probe runtimes need glibc 2.34+, and this host's C library is musl (Alpine:"
                        + " `apk add openjdk17-jre-headless`).",
                RuntimePlatform.libcProblem("musl libc"));
        assertEquals(
                "The packaged probe runtimes need glibc 2.34+, and the C library of this host is not glibc or"
                        + " unknown (`ldd --version` said: sh: ldd: not found).",
                RuntimePlatform.libcProblem("sh: ldd: not found\n"));
        assertEquals(
                "The packaged probe runtimes need glibc 2.34+, and the C library of this host is not glibc or"
                        + " unknown (`ldd --version` said: nothing).",
                RuntimePlatform.libcProblem(""));
    }

    @Test
    void glibcVersionsAreReadFromGetconfAndLdd() {
        assertArrayEquals(new int[] {2, 36}, RuntimePlatform.glibcVersion("glibc 2.36\n"));
        assertArrayEquals(new int[] {2, 35}, RuntimePlatform.glibcVersion("ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35"));
        assertArrayEquals(new int[] {2, 17}, RuntimePlatform.glibcVersion("ldd (GNU libc) 2.17\nCopyright"));
        assertNull(RuntimePlatform.glibcVersion("musl libc (x86_64)\nVersion 1.2.4"));
        assertNull(RuntimePlatform.glibcVersion(""));
    }
}
