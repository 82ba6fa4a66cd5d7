package dev.iolab.bench.profiler;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Recognises the frames of a run's {@code @Benchmark} method in a stack trace, so that a profiler can keep what
 * happens inside an invocation and drop everything else the same thread does: JMH's bookkeeping between calls,
 * {@code @Setup}/{@code @TearDown} at every level, and the generated stub's loop.
 *
 * <p>A frame matches when its method has the benchmark's method name and its class is the benchmark class or one of
 * its supertypes (an inherited {@code @Benchmark} runs in the superclass's code). JFR records inlined frames too,
 * so a benchmark method inlined into JMH's stub still shows.
 *
 * @param classNames the benchmark class and its supertypes, as binary names ({@code a.b.Outer$Inner})
 * @param methodName the {@code @Benchmark} method's name
 */
record BenchmarkFrames(Set<String> classNames, String methodName) {

    /** The frames of the benchmark that {@code params} describe, its class loaded (not initialised) to list supertypes. */
    static BenchmarkFrames of(BenchmarkParams params) {
        return of(params.getBenchmark());
    }

    /** The frames of {@code benchmark}, JMH's name for it: {@code <class name>.<method name>}. */
    static BenchmarkFrames of(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        String className = benchmark.substring(0, dot);
        String methodName = benchmark.substring(dot + 1);
        try {
            Class<?> type = Class.forName(className, false, BenchmarkFrames.class.getClassLoader());
            return new BenchmarkFrames(supertypeNames(type), methodName);
        } catch (ClassNotFoundException e) {
            // Not loadable here (cannot happen inside a JMH fork): match the declared class only.
            return new BenchmarkFrames(Set.of(className), methodName);
        }
    }

    /** Whether a frame of {@code className.methodName} is a frame of the benchmark method. */
    boolean matches(String className, String frameMethodName) {
        return methodName.equals(frameMethodName) && classNames.contains(className);
    }

    /** Whether any frame of {@code stack} is the benchmark method. */
    boolean isOnStack(RecordedStackTrace stack) {
        return isOnStack(stack.getFrames());
    }

    private boolean isOnStack(List<RecordedFrame> frames) {
        for (RecordedFrame frame : frames) {
            RecordedMethod method = frame.getMethod();
            if (method != null && matches(method.getType().getName(), method.getName())) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> supertypeNames(Class<?> type) {
        Set<String> names = new HashSet<>();
        Deque<Class<?>> pending = new ArrayDeque<>(List.of(type));
        while (!pending.isEmpty()) {
            Class<?> next = pending.pop();
            if (next != Object.class && names.add(next.getName())) {
                if (next.getSuperclass() != null) {
                    pending.push(next.getSuperclass());
                }
                pending.addAll(List.of(next.getInterfaces()));
            }
        }
        return Set.copyOf(names);
    }
}
