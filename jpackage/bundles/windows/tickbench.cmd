@echo off
rem Tickbench on Windows from a terminal (or where tickbench.exe is blocked): the same as tickbench.exe,
rem with messages in this window. Java 17 or newer: %JAVA_HOME%, else the java on PATH.
setlocal EnableDelayedExpansion
set "JAVA="
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
if not defined JAVA for %%j in (java.exe) do if not "%%~$PATH:j"=="" set "JAVA=%%~$PATH:j"
if not defined JAVA (
  echo Tickbench needs Java 17 or newer, and none was found: JAVA_HOME is not set to one and there is no java.exe on PATH. 1>&2
  goto :install
)
set "JV="
for /f "tokens=3" %%v in ('"!JAVA!" -version 2^>^&1 ^| findstr /i /c:"version"') do if not defined JV set "JV=%%~v"
set "MAJOR=0"
for /f "tokens=1,2 delims=.-_+" %%a in ("!JV!") do (
  set "MAJOR=%%a"
  if "%%a"=="1" set "MAJOR=%%b"
)
if !MAJOR! LSS 17 (
  echo Tickbench needs Java 17 or newer, and the Java found is version !JV! at !JAVA!. 1>&2
  goto :install
)
"!JAVA!" -Xmx1g -XX:G1PeriodicGCInterval=15000 -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10 -cp "%~dp0lib\*" dev.tickbench.app.Launcher %*
exit /b %ERRORLEVEL%

:install
echo Install Java 17 or newer, for example Eclipse Temurin 21 from adoptium.net (the .msi; tick "Set JAVA_HOME variable"), 1>&2
echo or: winget install EclipseAdoptium.Temurin.21.JRE -- then run tickbench.cmd again. 1>&2
exit /b 1
