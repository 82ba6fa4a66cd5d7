package dev.iolab.bench.walk;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The training run {@code bench/dirsize} records a JDK AOT cache from ({@code -XX:AOTCacheOutput}, JEP 483/514/515):
 * walks the running JDK's own directory ({@code java.home}, a few hundred entries that every machine running this
 * has, so training writes nothing) with every walker and listing, {@value #WALKS} times each, checks that they all
 * agree, and runs {@link DirSize} itself once per walker and listing (output discarded) for its parsing and printing. The cache then holds those classes loaded and linked and their methods' profiles, so a later
 * {@code dirsize} starts faster and compiles its hot loops sooner whichever walker it runs.
 *
 * <p>{@code java --enable-native-access=ALL-UNNAMED -XX:AOTCacheOutput=FILE -cp JAR dev.iolab.bench.walk.AotTraining}
 * (the script runs it with exactly the options of its later runs, which the JVM requires). Exit status 0, or 1 with
 * the reason on stderr.
 */
public final class AotTraining {

    /** Walks per walker and listing: enough for the listing loops to be compiled and profiled. */
    static final int WALKS = 10;

    private AotTraining() {}

    public static void main(String[] args) {
        try {
            Path root = Path.of(System.getProperty("java.home"));
            train(root);
            PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
            DirSize.run(new String[] {root.toString()}, discard, discard);
            for (WalkerKind kind : WalkerKind.values()) {
                for (Listing listing : Listing.values()) {
                    DirSize.run(
                            new String[] {root.toString(), "--walker", kind.name(), "--listing", listing.name()},
                            discard,
                            discard);
                }
            }
        } catch (RuntimeException e) {
            System.err.println("dirsize: AOT training failed: " + e);
            System.exit(1);
        }
    }

    /**
     * Walks {@code root} with every walker and listing.
     *
     * @return the totals they all reported
     * @throws WalkException if two walks disagree
     */
    static WalkResult train(Path root) {
        WalkResult first = null;
        for (WalkerKind kind : WalkerKind.values()) {
            for (Listing listing : Listing.values()) {
                for (int i = 0; i < WALKS; i++) {
                    WalkResult result = kind.walker(2, listing).walk(root);
                    if (first == null) {
                        first = result;
                    } else if (!result.equals(first)) {
                        throw new WalkException(
                                kind + " (" + listing + ") reported " + result + " for " + root + ", then " + first);
                    }
                }
            }
        }
        return first;
    }
}
