package app.storyreel;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
