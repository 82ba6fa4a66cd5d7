package dev.iolab.bench.walk;

import java.nio.file.Path;

/**
 * Sums the sizes of the regular files under a directory. Symbolic links are never followed (a link is neither
 * counted nor entered); a directory that cannot be listed and an entry that vanishes or cannot be read mid-walk
 * are counted in {@link WalkResult#errors()} and the walk goes on, so a walk never throws for the tree's sake.
 */
public interface DirectoryWalker {

    /**
     * Walks the tree under {@code root} (itself not followed if it is a link; a regular file counts as itself).
     *
     * @throws WalkException only if the walk itself breaks (interrupted, threads unavailable)
     */
    WalkResult walk(Path root);
}
