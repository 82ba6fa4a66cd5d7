package dev.iolab.bench.walk;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * Writes a tree of the shape a {@link TreeSpec} describes and reports its exact totals. Directories are
 * {@code d0 … d<fanOut-1>} at every level; file {@code i} is {@code f<i>} in directory {@code i mod directories} (in
 * breadth-first order, the root first); sizes come from a {@link SplittableRandom} seeded with the spec's seed, so
 * the same spec always yields the same tree. File contents are a fixed pattern: only sizes matter to a walk.
 */
public final class TreeGenerator {

    /** How often (in files) progress is reported. */
    static final int PROGRESS_EVERY = 50_000;

    private TreeGenerator() {}

    /**
     * Generates the tree under {@code root}, which must not exist or be an empty directory.
     *
     * @param progress called with the number of files written so far, every {@value #PROGRESS_EVERY} files
     * @return the totals a correct walk of {@code root} must report
     */
    public static TreeSummary generate(Path root, TreeSpec spec, LongConsumer progress) throws IOException {
        Files.createDirectories(root);
        try (var entries = Files.list(root)) {
            if (entries.findAny().isPresent()) {
                throw new IOException("Not an empty directory: " + root);
            }
        }
        List<Path> directories = createDirectories(root, spec);
        FileSizes sizes = new FileSizes(spec);
        byte[] content = new byte[spec.maxSize()];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) ('a' + i % 26);
        }
        long bytes = 0;
        for (int i = 0; i < spec.files(); i++) {
            int size = sizes.next();
            Path file = directories.get(i % directories.size()).resolve("f" + i);
            try (OutputStream out = Files.newOutputStream(file)) {
                out.write(content, 0, size);
            }
            bytes += size;
            if ((i + 1) % PROGRESS_EVERY == 0) {
                progress.accept(i + 1);
            }
        }
        return new TreeSummary(bytes, spec.files(), directories.size());
    }

    /**
     * The totals {@link #generate} writes for {@code spec}, computed without touching the disk (the sizes come from
     * the same seeded sequence), so a tree's shape can be checked, or announced, before minutes of writing.
     */
    public static TreeSummary plan(TreeSpec spec) {
        FileSizes sizes = new FileSizes(spec);
        long bytes = 0;
        for (int i = 0; i < spec.files(); i++) {
            bytes += sizes.next();
        }
        return new TreeSummary(bytes, spec.files(), spec.directories());
    }

    /** File {@code i}'s size is the {@code i}-th value of this sequence: the one place sizes come from. */
    private static final class FileSizes {
        private final SplittableRandom random;
        private final TreeSpec spec;

        FileSizes(TreeSpec spec) {
            this.spec = spec;
            this.random = new SplittableRandom(spec.seed());
        }

        int next() {
            return spec.minSize() == spec.maxSize()
                    ? spec.minSize()
                    : random.nextInt(spec.minSize(), spec.maxSize() + 1);
        }
    }

    private static List<Path> createDirectories(Path root, TreeSpec spec) throws IOException {
        List<Path> all = new ArrayList<>();
        all.add(root);
        List<Path> level = List.of(root);
        for (int d = 0; d < spec.depth(); d++) {
            List<Path> next = new ArrayList<>(level.size() * spec.fanOut());
            for (Path parent : level) {
                for (int f = 0; f < spec.fanOut(); f++) {
                    next.add(Files.createDirectory(parent.resolve("d" + f)));
                }
            }
            all.addAll(next);
            level = next;
        }
        return all;
    }
}
