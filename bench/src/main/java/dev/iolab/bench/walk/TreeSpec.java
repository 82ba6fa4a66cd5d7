package dev.iolab.bench.walk;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shape of a generated tree: {@code files} files of {@code minSize}..{@code maxSize} bytes (uniform) spread
 * round-robin over all directories of a full tree of {@code fanOut} subdirectories per directory, {@code depth}
 * levels below the root; sizes and placement depend only on these values and {@code seed}.
 *
 * @param files   number of regular files, ≥ 0
 * @param depth   levels of subdirectories below the root, ≥ 0 (0: all files in the root)
 * @param fanOut  subdirectories per directory above the last level, ≥ 1
 * @param minSize smallest file size in bytes, ≥ 0
 * @param maxSize largest file size in bytes, ≥ minSize
 * @param seed    random seed for the sizes
 */
public record TreeSpec(int files, int depth, int fanOut, int minSize, int maxSize, long seed) {

    /** The benchmark's default: 200,000 files of 0–2 kB in a tree 5 levels deep, 6 subdirectories per level. */
    public static final TreeSpec DEFAULT = new TreeSpec(200_000, 5, 6, 0, 2048, 20261122L);

    /** Number of files in the original lab report's tree (there: 2,835,154 mostly sub-kB files, depth 5). */
    public static final int ORIGINAL_FILES = 2_835_154;

    /** The original's file count in the default shape: {@code gentree --original} or {@code --preset original}. */
    public static final TreeSpec ORIGINAL = new TreeSpec(ORIGINAL_FILES, 5, 6, 0, 2048, DEFAULT.seed());

    /**
     * Half a million files: 498,601 files of 0–2 kB in 3,906 directories (fan-out 5, depth 5), the tree on which
     * {@code dirsize} is timed against {@code diskus}: {@code gentree --preset half-million}.
     */
    public static final TreeSpec HALF_MILLION = new TreeSpec(498_601, 5, 5, 0, 2048, DEFAULT.seed());

    /** The named shapes {@code gentree --preset NAME} accepts, in the order its usage lists them. */
    public static final Map<String, TreeSpec> PRESETS = presets();

    /** Directories beyond this make generation and listing pointless to wait for. */
    static final long MAX_DIRECTORIES = 10_000_000L;

    public TreeSpec {
        if (files < 0) {
            throw new IllegalArgumentException("files must be >= 0: " + files);
        }
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be >= 0: " + depth);
        }
        if (fanOut < 1) {
            throw new IllegalArgumentException("fan-out must be >= 1: " + fanOut);
        }
        if (minSize < 0 || maxSize < minSize) {
            throw new IllegalArgumentException("need 0 <= min-size <= max-size: " + minSize + ", " + maxSize);
        }
        if (directoriesOf(depth, fanOut) > MAX_DIRECTORIES) {
            throw new IllegalArgumentException("fan-out " + fanOut + " and depth " + depth + " make more than "
                    + MAX_DIRECTORIES + " directories");
        }
    }

    /** Directories in the tree, the root included: 1 + fanOut + fanOut² + … + fanOut^depth. */
    public long directories() {
        return directoriesOf(depth, fanOut);
    }

    private static long directoriesOf(int depth, int fanOut) {
        long total = 0;
        long level = 1;
        for (int d = 0; d <= depth; d++) {
            total += level;
            if (total > MAX_DIRECTORIES) {
                return total;
            }
            level *= fanOut;
        }
        return total;
    }

    private static Map<String, TreeSpec> presets() {
        Map<String, TreeSpec> presets = new LinkedHashMap<>();
        presets.put("default", DEFAULT);
        presets.put("half-million", HALF_MILLION);
        presets.put("original", ORIGINAL);
        return Collections.unmodifiableMap(presets);
    }

    /** A directory name that says everything that determines the tree, so different specs never share a cache. */
    public String cacheName() {
        return "files" + files + "-depth" + depth + "-fanout" + fanOut + "-size" + minSize + "-" + maxSize + "-seed"
                + seed;
    }
}
