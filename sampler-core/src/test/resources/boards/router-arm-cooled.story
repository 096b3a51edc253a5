# router-arm as an older kernel runs it hot: its cpufreq cooling device (named thermal-cpufreq-0, as kernels
# before 5.x name them: one device for two policies, so which it caps is unknown) at state 2 of 4, bound to
# cpu-thermal's passive trip 0 (85 °C), the zone at 88 °C, and every CPU's scaling_max_freq lowered from 1400
# to 1050 MHz, the clock at it. Its cpufreq files are cpuN/cpufreq directories only, the clusters told by
# related_cpus: the verdict is THERMAL for policy0 (CPUs 0-1) and policy2 (CPUs 2-3), in either layout.
file sys/class/thermal/cooling_device0/type thermal-cpufreq-0
file sys/class/thermal/cooling_device0/max_state 4
file sys/class/thermal/cooling_device0/cur_state 2
link sys/class/thermal/thermal_zone0/cdev0 ../cooling_device0
file sys/class/thermal/thermal_zone0/cdev0_trip_point 0
file sys/class/thermal/thermal_zone0/cdev0_weight 0
set sys/class/thermal/thermal_zone0/temp 88000
set sys/devices/system/cpu/cpu*/cpufreq/scaling_max_freq 1050000
set sys/devices/system/cpu/cpu*/cpufreq/scaling_cur_freq 1050000
