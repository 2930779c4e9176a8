package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./regrade} launcher builds the jar when it is missing and rebuilds it when a pom or a
 * main source is newer, so an edited port is never audited by the old jar. Runs the real launcher in
 * a scratch checkout with stand-ins for {@code mvn} (logs its call, writes the jar) and {@code java}.
 */
class LauncherTest {
    private static final Path LAUNCHER = Paths.get("..", "regrade").toAbsolutePath().normalize();
    private static final FileTime BUILT = FileTime.from(Instant.parse("2026-01-01T00:00:00Z"));
    private static final FileTime BEFORE = FileTime.from(Instant.parse("2025-12-01T00:00:00Z"));
    private static final FileTime AFTER = FileTime.from(Instant.parse("2026-02-01T00:00:00Z"));

    @TempDir
    Path dir;

    @Test
    void aMissingJarIsBuiltAndSaysSo() throws Exception {
        Path home = checkout(false);
        Run run = launch(home);
        assertEquals(List.of("mvn -q -B -DskipTests package"), run.mvnCalls);
        assertTrue(run.stderr.contains("building cli/target/regrade.jar (first run"), run.stderr);
        assertTrue(run.stdout.contains("java ran"), run.stdout);
    }

    @Test
    void aJarNewerThanEverySourceIsUsedAsItIs() throws Exception {
        Path home = checkout(true);
        Run run = launch(home);
        assertEquals(List.of(), run.mvnCalls);
        assertEquals("", run.stderr);
        assertTrue(run.stdout.contains("java ran"), run.stdout);
    }

    @Test
    void anEditedMainSourceRebuildsTheJarNamingTheFile() throws Exception {
        Path home = checkout(true);
        Files.setLastModifiedTime(home.resolve("scripts/src/main/java/Port.java"), AFTER);
        Run run = launch(home);
        assertEquals(List.of("mvn -q -B -DskipTests package"), run.mvnCalls);
        assertTrue(run.stderr.contains("scripts/src/main/java/Port.java is newer than cli/target/regrade.jar; rebuilding"),
                run.stderr);
        assertEquals(List.of(), launch(home).mvnCalls, "the rebuilt jar is current");
    }

    @Test
    void anEditedPomRebuildsButTestsAndBuildOutputDoNot() throws Exception {
        Path home = checkout(true);
        Files.setLastModifiedTime(home.resolve("scripts/src/test/java/PortTest.java"), AFTER);
        Files.setLastModifiedTime(home.resolve("scripts/target/classes/Port.class"), AFTER);
        assertEquals(List.of(), launch(home).mvnCalls, "a test source or build output is not in the jar");
        Files.setLastModifiedTime(home.resolve("scripts/pom.xml"), AFTER);
        assertEquals(List.of("mvn -q -B -DskipTests package"), launch(home).mvnCalls);
    }

    @Test
    void theFirstScoreAfterABuildSaysItWritesTheClassDataArchive() throws Exception {
        Path home = checkout(true);
        // java as the launcher calls it: the run writes its class list, the dump writes the archive
        script(dir.resolve("bin/java"), """
                dump=no
                for a in "$@"; do [ "$a" = -Xshare:dump ] && dump=yes; done
                for a in "$@"; do
                  case "$a" in
                    -XX:DumpLoadedClassList=*) echo x > "${a#-XX:DumpLoadedClassList=}" ;;
                    -XX:SharedArchiveFile=*) [ "$dump" = yes ] && echo archive > "${a#-XX:SharedArchiveFile=}" ;;
                  esac
                done
                echo 'java ran'""");
        Run first = launch(home, "score");
        assertTrue(first.stderr.contains("regrade: writing the class-data archive cli/target/regrade-score.jsa "
                + "(once after a build, about 10 s; later runs start faster)..."), first.stderr);
        assertTrue(Files.exists(home.resolve("cli/target/regrade-score.jsa")));
        assertEquals("", launch(home, "score").stderr, "the archive is written once");
    }

    /** A scratch checkout: the launcher, poms, a main and a test source, build output, and maybe the jar. */
    private Path checkout(boolean withJar) throws IOException {
        Path home = dir.resolve("checkout");
        Files.createDirectories(home);
        Files.copy(LAUNCHER, home.resolve("regrade"));
        for (String f : List.of("pom.xml", "scripts/pom.xml", "scripts/src/main/java/Port.java",
                "scripts/src/test/java/PortTest.java", "scripts/target/classes/Port.class")) {
            Path p = home.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, "x");
            Files.setLastModifiedTime(p, BEFORE);
        }
        Files.createDirectories(home.resolve("cli/target"));
        if (withJar) {
            Files.writeString(home.resolve("cli/target/regrade.jar"), "jar");
            Files.setLastModifiedTime(home.resolve("cli/target/regrade.jar"), BUILT);
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        script(bin.resolve("mvn"), "echo \"mvn $*\" >> \"" + dir.resolve("mvn.log") + "\"; echo jar > cli/target/regrade.jar");
        script(bin.resolve("java"), "echo 'java ran'");
        return home;
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Run(String stdout, String stderr, List<String> mvnCalls) {
    }

    private Run launch(Path home) throws Exception {
        return launch(home, "--version");
    }

    private Run launch(Path home, String command) throws Exception {
        Path log = dir.resolve("mvn.log");
        Files.deleteIfExists(log);
        ProcessBuilder pb = new ProcessBuilder("bash", home.resolve("regrade").toString(), command);
        pb.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        pb.redirectOutput(dir.resolve("out.txt").toFile());
        pb.redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher finished");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        List<String> calls = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        return new Run(Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")), calls);
    }
}
