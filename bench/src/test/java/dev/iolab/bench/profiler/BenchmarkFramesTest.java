package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchmarkFramesTest {

    static class Base {
        public void run() {}
    }

    static class Sub extends Base {
        public void setUp() {}
    }

    @Test
    void matchesTheBenchmarkMethodOfTheBenchmarkClassOnly() {
        BenchmarkFrames frames = BenchmarkFrames.of(AllocationCalibrationBenchmark.class.getName() + ".allocate");

        assertThat(frames.matches(AllocationCalibrationBenchmark.class.getName(), "allocate"))
                .isTrue();
        assertThat(frames.matches(AllocationCalibrationBenchmark.class.getName(), "allocateTrialFixture"))
                .isFalse();
        assertThat(frames.matches(AllocationCalibrationBenchmark.class.getName() + "_allocate_jmhTest", "allocate"))
                .isFalse();
    }

    @Test
    void matchesAnInheritedBenchmarkMethodInItsDeclaringClass() {
        BenchmarkFrames frames = BenchmarkFrames.of(Sub.class.getName() + ".run");

        assertThat(frames.matches(Base.class.getName(), "run")).isTrue();
        assertThat(frames.matches(Sub.class.getName(), "run")).isTrue();
        assertThat(frames.matches(Object.class.getName(), "run")).isFalse();
    }
}
