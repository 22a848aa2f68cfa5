// The smart shoe's electronics bay and reader mount, parametric (OpenSCAD).
//
//   openscad -D 'part="bay"' -o bay.stl shoe_bay.scad      (make -C hardware enclosure does all)
//
// Axes: X across the card, Y along the card's travel (the mouth, where the dealer stands, is
// at y = 0), Z up. The bay is one print: below, the board compartment (open at the bottom,
// closed by the base plate); above it, the exit deck with the card slot running through it in
// Y, the PN532 module under the slot (antenna up, 1.2 mm of plastic below the card), the
// slotted exit sensor straddling the slot's right edge at the mouth, and the light window and
// the two buttons in the front face: right-angle (side-actuated) tactile switches at the
// board's front edge, their plungers through holes in the face. Parts: bay, reader_mount, base;
// the fit-check dummies (card, board, pn532, sensor, leds, buttons) are exported in their assembled positions so that
// tests/hardware/test_enclosure.py checks the exported geometry, not these numbers.

part = "assembly"; // bay | reader_mount | base | card | board | pn532 | sensor | leds | buttons | assembly

/* [Parts] */
card = [63, 88, 0.76];          // ISO/IEC 7810 ID-1 playing-card size, thickness
board = [70, 50, 1.6];          // hardware/bom.csv PCB1
board_parts_h = 13;             // tallest part above the board (USB-B receptacle, 11 mm)
board_under_h = 2;              // THT leads below the board
pn532 = [42.7, 40.4, 1.6];      // Elechouse PN532 V3
pn532_parts_h = 3;              // parts under the module (it is mounted antenna up)
sensor = [20, 6, 14];           // slotted photomicrosensor envelope (X out from the slot, Y, Z)
sensor_gap = 5;                 // its fork gap
sensor_reach = 6;               // how far the fork reaches over the card's edge
led_d = 5;
led_len = 8.6;
// SW1, SW2 (hardware/bom.csv): 6 x 6 mm right-angle tactile switch, projected plunger; the
// body's X, Y (along the push) and Z, and the plunger out of its front.
button_body = [6, 3, 7];
button_plunger_d = 3.5;
button_plunger_len = 3.15;
button_proud = 0.3;             // the plunger's tip stands this far out of the front face

/* [Print] */
wall = 2.4;                     // 6 perimeters of a 0.4 mm nozzle
fit = 0.3;                      // clearance of a part in its pocket
card_clear = 1.0;               // each side of the card in the slot
slot_h = 2.0;                   // card slot height (the card is 0.76)
antenna_floor = 1.2;            // plastic between the antenna and the card: PN532 range is ~30 mm
standoff_h = 5;
insert_d = 3.6;                 // M2.5 heat-set insert hole
screw_d = 2.9;

/* [Derived] */
slot_w = card[0] + 2 * card_clear;
left = 12;                                              // beside the slot
right = sensor[0] - sensor_reach - card_clear + fit + wall + 1; // the sensor's side
outer_x = max(left + slot_w + right, board[0] + 2 * (wall + 2 * fit + 4));
outer_y = card[1] + 7;
cavity_h = standoff_h + board[2] + board_parts_h + 2.4; // above the base plate
pocket_h = pn532[2] + pn532_parts_h + 2.4;              // module and its mount ribs
deck_h = pocket_h + antenna_floor + slot_h + wall;
outer_z = cavity_h + deck_h;
slot_x0 = left;
slot_z0 = cavity_h + pocket_h + antenna_floor;
card_pos = [slot_x0 + card_clear, (outer_y - card[1]) / 2, slot_z0 + (slot_h - card[2]) / 2];
pn532_pos = [slot_x0 + (slot_w - pn532[0]) / 2, 12, cavity_h + pocket_h - pn532[2]];
board_pos = [(outer_x - board[0]) / 2, wall + 1, standoff_h];
sensor_pos = [slot_x0 + card_clear + card[0] - sensor_reach, 4,
              slot_z0 + slot_h / 2 - sensor[2] / 2];
led_z = board_pos[2] + board[2] + 8;
led_x = [outer_x / 2 - 10, outer_x / 2, outer_x / 2 + 10];
window = [34, 10];
button_x = [board_pos[0] + 8, board_pos[0] + board[0] - 8];
button_z = board_pos[2] + board[2] + 3.5;              // the plunger's axis
button_d = 8;                                          // the hole a finger presses through
$fn = 24;

module box(p, s) { translate(p) cube(s); }

module card_dummy() { box(card_pos, card); }

module board_dummy() {
    box(board_pos, board);
    box(board_pos + [0, 0, board[2]], [board[0], board[1], board_parts_h]);
    box(board_pos - [0, 0, board_under_h], [board[0], board[1], board_under_h]);
}

module pn532_dummy() {
    box(pn532_pos, pn532);
    box(pn532_pos + [2, 2, -pn532_parts_h], [pn532[0] - 4, pn532[1] - 4, pn532_parts_h]);
}

module sensor_dummy() {
    difference() {
        box(sensor_pos, sensor);
        box(sensor_pos + [-1, -1, (sensor[2] - sensor_gap) / 2],
            [sensor_reach + 1, sensor[1] + 2, sensor_gap]);
    }
}

module leds_dummy() {
    for (x = led_x)
        translate([x, wall + 0.5 + led_len, led_z]) rotate([90, 0, 0]) cylinder(d = led_d, h = led_len);
}

module buttons_dummy() {
    for (x = button_x) {
        translate([x, -button_proud, button_z]) rotate([-90, 0, 0])
            cylinder(d = button_plunger_d, h = button_plunger_len);
        box([x - button_body[0] / 2, button_plunger_len - button_proud, board_pos[2] + board[2]],
            button_body);
    }
}

module bay() {
    difference() {
        cube([outer_x, outer_y, outer_z]);
        // board compartment, open at the bottom
        box([wall, wall, -1], [outer_x - 2 * wall, outer_y - 2 * wall, cavity_h + 1]);
        // card slot, through in Y
        box([slot_x0, -1, slot_z0], [slot_w, outer_y + 2, slot_h]);
        // reader pocket, opening into the compartment
        box(pn532_pos - [fit, fit, pocket_h], pn532 + [2 * fit, 2 * fit, pocket_h]);
        // exit sensor pocket (open at the top for the wires)
        box(sensor_pos - [fit, fit, fit], sensor + [2 * fit, 2 * fit, outer_z]);
        // light window and buttons in the front face
        box([outer_x / 2 - window[0] / 2, -1, led_z - window[1] / 2], [window[0], wall + 2, window[1]]);
        for (x = button_x)
            translate([x, wall + 1, button_z]) rotate([90, 0, 0])
                cylinder(d = button_d, h = wall + 2);
        // USB-B on the left, 12 V cable at the back, buzzer grille on the right
        box([-1, board_pos[1] + 15, board_pos[2] + board[2]], [wall + 2, 13, 12]);
        translate([outer_x / 2, outer_y + 1, 8]) rotate([90, 0, 0]) cylinder(d = 6, h = wall + 2);
        for (i = [0 : 3])
            box([outer_x - wall - 1, outer_y - 40 + 5 * i, 6], [wall + 2, 2, 10]);
    }
}

module reader_mount() { // a tray screwed under the deck, pressing the module against it
    o = pn532_pos - [fit, fit, 0];
    difference() {
        union() {
            box([o[0] - 6, o[1] - 6, cavity_h - wall], [pn532[0] + 2 * fit + 12, pn532[1] + 2 * fit + 12, wall]);
            for (dx = [0, 1], dy = [0, 1])
                box([pn532_pos[0] + dx * (pn532[0] - 1.8), pn532_pos[1] + dy * (pn532[1] - 1.8), cavity_h],
                    [1.8, 1.8, pocket_h - pn532[2]]);
        }
        for (dx = [0, 1], dy = [0, 1])
            translate([o[0] - 3 + dx * (pn532[0] + 2 * fit + 6), o[1] - 3 + dy * (pn532[1] + 2 * fit + 6), cavity_h - wall - 1])
                cylinder(d = screw_d, h = wall + 2);
    }
}

module base() { // the bottom plate with the board's standoffs
    box([0, 0, -wall], [outer_x, outer_y, wall]);
    for (dx = [3, board[0] - 3], dy = [3, board[1] - 3])
        translate([board_pos[0] + dx, board_pos[1] + dy, 0]) difference() {
            cylinder(d = 6, h = standoff_h - board_under_h);
            cylinder(d = insert_d, h = standoff_h);
        }
}

if (part == "bay") bay();
else if (part == "reader_mount") reader_mount();
else if (part == "base") base();
else if (part == "card") card_dummy();
else if (part == "board") board_dummy();
else if (part == "pn532") pn532_dummy();
else if (part == "sensor") sensor_dummy();
else if (part == "leds") leds_dummy();
else if (part == "buttons") buttons_dummy();
else {
    color("burlywood", 0.6) bay();
    color("grey") reader_mount();
    color("grey") base();
    color("white") card_dummy();
    color("green") board_dummy();
    color("blue") pn532_dummy();
    color("black") sensor_dummy();
    color("red") leds_dummy();
    color("white") buttons_dummy();
}
