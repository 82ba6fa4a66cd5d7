package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeCacheTest {

    private static final TreeSpec SPEC = new TreeSpec(30, 2, 2, 0, 100, 5);

    @TempDir
    Path cache;

    private final List<String> log = new ArrayList<>();

    @Test
    void generatesOnceThenReuses() throws IOException {
        TreeCache.CachedTree first = TreeCache.obtain(cache, SPEC, log::add);
        Path marker = cache.resolve(SPEC.cacheName()).resolve(TreeCache.MARKER);
        assertThat(marker).isRegularFile();
        log.clear();
        Files.writeString(first.root().resolve("added-later"), "x");

        TreeCache.CachedTree second = TreeCache.obtain(cache, SPEC, log::add);

        assertThat(second).isEqualTo(first);
        assertThat(second.root().resolve("added-later")).exists();
        assertThat(log).isEmpty();
        assertThat(WalkerKind.WALK_FILE_TREE.walker(1).walk(first.root()).files())
                .isEqualTo(31);
    }

    @Test
    void regeneratesATreeWithoutMarkerAndDeletesAbandonedPartials() throws IOException {
        Path incomplete =
                Files.createDirectories(cache.resolve(SPEC.cacheName()).resolve("tree"));
        Files.writeString(incomplete.resolve("junk"), "x");
        // No process has pid 0x7fffffff: an interrupted generation's leftover.
        Path abandoned = Files.createDirectories(cache.resolve(SPEC.cacheName() + ".partial-2147483647/tree"));

        TreeCache.CachedTree tree = TreeCache.obtain(cache, SPEC, log::add);

        assertThat(tree.root().resolve("junk")).doesNotExist();
        assertThat(abandoned.getParent()).doesNotExist();
        assertThat(tree.summary().matches(WalkerKind.FORK_JOIN.walker(2).walk(tree.root())))
                .isTrue();
        try (var entries = Files.list(cache)) {
            assertThat(entries).containsExactly(cache.resolve(SPEC.cacheName()));
        }
    }

    @Test
    void differentSpecsDoNotShare() {
        assertThat(SPEC.cacheName()).isNotEqualTo(new TreeSpec(30, 2, 2, 0, 100, 6).cacheName());
    }
}
