# The x86-laptop board over a run, as the ScriptedBoard of the testkit plays it: five stages of 2 s at
# 10 Hz, each with the verdict `tickbench-probe clock` must give every policy over it (docs/clock.md).
#   set PATH VALUE            the file holds VALUE from the stage's first tick (PATH may hold a * per segment)
#   add PATH DELTA [wrap MAX] a one-number counter file grows by DELTA every tick (to 0 again past MAX)
#   stat CPUS USER IDLE       every tick, each CPU of CPUS adds USER and IDLE jiffies (USER_HZ 100: 10 per tick)
# Lines before the first stage set the board before the sampler's first read.
set sys/class/powercap/intel-rapl:0/energy_uj 262110000000

# The acpitz zone passes its passive trip (95 °C); the ACPI Processor cooling devices bound to it step to 2
# of 3, each a 20 % cut of the clock's maximum: scaling_max_freq drops to 2100 MHz and the clock follows.
stage thermal 20
expect thermal
set sys/class/thermal/thermal_zone0/temp 97000
set sys/class/thermal/cooling_device0/cur_state 2
set sys/class/thermal/cooling_device1/cur_state 2
set sys/class/thermal/cooling_device2/cur_state 2
set sys/class/thermal/cooling_device3/cur_state 2
set sys/devices/system/cpu/cpufreq/policy*/scaling_max_freq 2100000
set sys/devices/system/cpu/cpufreq/policy*/scaling_cur_freq 2100000
set sys/class/hwmon/hwmon2/temp1_input 96000
stat 0-3 10 0
add sys/class/powercap/intel-rapl:0/energy_uj 900000 wrap 262143328850

# The zone cools below its trip, the cooling lets go, the cap is back at 3500 MHz; the package now draws
# its long-term limit (PL1, 15 W) and the clock sits at 2300 MHz. The energy counter wraps on the way.
stage power 20
expect power
set sys/class/thermal/thermal_zone0/temp 88000
set sys/class/thermal/cooling_device0/cur_state 0
set sys/class/thermal/cooling_device1/cur_state 0
set sys/class/thermal/cooling_device2/cur_state 0
set sys/class/thermal/cooling_device3/cur_state 0
set sys/devices/system/cpu/cpufreq/policy*/scaling_max_freq 3500000
set sys/devices/system/cpu/cpufreq/policy*/scaling_cur_freq 2300000
set sys/class/hwmon/hwmon2/temp1_input 88000
stat 0-3 10 0
add sys/class/powercap/intel-rapl:0/energy_uj 1500000 wrap 262143328850

# Someone writes 1600 MHz into every policy's scaling_max_freq: no cooling device, no power limit.
stage policy 20
expect policy
set sys/class/thermal/thermal_zone0/temp 70000
set sys/devices/system/cpu/cpufreq/policy*/scaling_max_freq 1600000
set sys/devices/system/cpu/cpufreq/policy*/scaling_cur_freq 1600000
set sys/class/hwmon/hwmon2/temp1_input 70000
stat 0-3 10 0
add sys/class/powercap/intel-rapl:0/energy_uj 700000 wrap 262143328850

# The limit is lifted and the work stops: the CPUs sit in C10 90 % of the time at 800 MHz.
stage idle 20
expect idle
set sys/devices/system/cpu/cpufreq/policy*/scaling_max_freq 3500000
set sys/devices/system/cpu/cpufreq/policy*/scaling_cur_freq 800000
set sys/class/thermal/thermal_zone0/temp 55000
stat 0-3 1 9
add sys/devices/system/cpu/cpu*/cpuidle/state8/time 90000
add sys/class/powercap/intel-rapl:0/energy_uj 300000 wrap 262143328850

# Work again, cool and within its power: 3400 MHz of 3500.
stage none 20
expect none
set sys/devices/system/cpu/cpufreq/policy*/scaling_cur_freq 3400000
stat 0-3 10 0
add sys/class/powercap/intel-rapl:0/energy_uj 1200000 wrap 262143328850
