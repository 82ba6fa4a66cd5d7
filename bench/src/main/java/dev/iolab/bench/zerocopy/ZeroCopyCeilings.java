package dev.iolab.bench.zerocopy;

import dev.iolab.bench.report.NativeCeilings;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.SectionContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "Java ÷ native" for the copy methods: each Java method ÷ the native method that moves its bytes the same way, at
 * the same size, sync and source cache —
 *
 * <ul>
 *   <li>{@link CopyMethod#STREAM_4K} ÷ {@link CopyMethod#NATIVE_READ_WRITE_4K} (4 KB per call);
 *   <li>{@link CopyMethod#CHANNEL_HEAP}, {@link CopyMethod#CHANNEL_DIRECT}, which move 64 KB per call, ÷
 *       {@link CopyMethod#NATIVE_READ_WRITE_64K} (÷ the 4 KB loop when the run has no 64 KB one);
 *   <li>{@link CopyMethod#MMAP} ÷ {@link #MMAP_CEILING}, libc's {@code mmap} + {@code memcpy} in the same windows (÷
 *       the 4 KB loop when the run has no such row, as runs made before it existed), and ÷ the best native method;
 *   <li>{@link CopyMethod#TRANSFER_TO}, {@link CopyMethod#FILES_COPY} ÷ the faster of
 *       {@link CopyMethod#NATIVE_SENDFILE} and {@link CopyMethod#NATIVE_COPY_FILE_RANGE};
 *   <li>any other Java method ÷ the best native method.
 * </ul>
 *
 * The best native method is left out where it is the row of the method's own kind already shown.
 */
final class ZeroCopyCeilings extends NativeCeilings {

    /**
     * The native copy that works as {@link CopyMethod#MMAP} does: it maps the same 1 GiB windows and takes the same page
     * faults, so the ratio is what {@code FileChannel.map} and {@code MemorySegment.copy} add to them.
     */
    static final CopyMethod MMAP_CEILING = CopyMethod.NATIVE_MMAP;

    /** Java method → the native methods doing the same work, the first present in the run counting. */
    private static final Map<CopyMethod, List<CopyMethod>> SAME_WORK = Map.of(
            CopyMethod.STREAM_4K, List.of(CopyMethod.NATIVE_READ_WRITE_4K),
            CopyMethod.CHANNEL_HEAP, List.of(CopyMethod.NATIVE_READ_WRITE_64K, CopyMethod.NATIVE_READ_WRITE_4K),
            CopyMethod.CHANNEL_DIRECT, List.of(CopyMethod.NATIVE_READ_WRITE_64K, CopyMethod.NATIVE_READ_WRITE_4K),
            CopyMethod.MMAP, List.of(MMAP_CEILING, CopyMethod.NATIVE_READ_WRITE_4K));

    /** Java methods that copy inside the kernel ÷ the faster of the native in-kernel copies. */
    private static final List<CopyMethod> IN_KERNEL = List.of(CopyMethod.TRANSFER_TO, CopyMethod.FILES_COPY);

    private static final List<String> NATIVE_IN_KERNEL =
            names(CopyMethod.NATIVE_SENDFILE, CopyMethod.NATIVE_COPY_FILE_RANGE);

    /** Java methods whose ceilings are their own kind only, never the best native method as well. */
    private static final List<CopyMethod> OWN_KIND_ONLY =
            List.of(CopyMethod.STREAM_4K, CopyMethod.CHANNEL_HEAP, CopyMethod.CHANNEL_DIRECT);

    ZeroCopyCeilings(String benchmark, String dimension) {
        super(benchmark, dimension);
    }

    @Override
    protected List<Ceiling> ceilings(BenchmarkResult javaRow, List<BenchmarkResult> all, SectionContext context) {
        Optional<CopyMethod> method = method(javaRow.param(dimension()));
        List<Ceiling> ceilings = new ArrayList<>();
        method.map(SAME_WORK::get)
                .flatMap(natives -> natives.stream()
                        .map(n -> same(javaRow, all, n.name()))
                        .flatMap(Optional::stream)
                        .findFirst())
                .ifPresent(r -> ceilings.add(ceiling(r)));
        if (method.isPresent() && IN_KERNEL.contains(method.get())) {
            fastest(
                            context,
                            sameExcept(javaRow, all, dimension()).stream()
                                    .filter(r -> NATIVE_IN_KERNEL.contains(r.param(dimension()))))
                    .ifPresent(r -> ceilings.add(ceiling(r)));
        } else if (method.isEmpty() || !OWN_KIND_ONLY.contains(method.get())) {
            fastest(context, sameExcept(javaRow, all, dimension()).stream().filter(this::isNative))
                    .filter(r -> ceilings.stream().noneMatch(c -> c.row().equals(r)))
                    .ifPresent(r -> ceilings.add(new Ceiling("best native: " + r.param(dimension()), r)));
        }
        return ceilings;
    }

    private static Optional<CopyMethod> method(String name) {
        try {
            return Optional.of(CopyMethod.valueOf(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
