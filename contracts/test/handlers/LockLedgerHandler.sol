// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../../src/EternoToken.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Test} from "../utils/Test.sol";

/// @notice Drives the ledger as a writer (funded credits with any schedule) and as its users (claims),
///         moving time forward; records what was credited and paid per user.
contract LockLedgerHandler is Test {
    LockLedger public immutable ledger;
    EternoToken public immutable etro;
    address[] public users;

    /// @dev What the handler credited: amount, start, duration.
    struct GhostEntry {
        uint256 amount;
        uint256 start;
        uint256 duration;
    }

    mapping(address user => GhostEntry[] entries) private _ghostEntries;
    mapping(address user => uint256 amount) public ghostCredited;
    mapping(address user => uint256 amount) public ghostPaid;
    uint256 public ghostTotalPaid;
    uint256 public credits;
    uint256 public claims;

    constructor(LockLedger ledger_, EternoToken etro_) {
        ledger = ledger_;
        etro = etro_;
        for (uint256 i = 1; i <= 4; i++) {
            users.push(vm.addr(0x1000 + i));
        }
    }

    function userCount() external view returns (uint256) {
        return users.length;
    }

    function credit(uint256 userSeed, uint256 amount, uint256 startOffset, uint256 duration, bool past) external {
        address user = users[userSeed % users.length];
        amount = bound(amount, 1, 100_000e18);
        // setUp starts the clock at 10 days, so a start up to 2 days in the past stays positive.
        uint64 offset = uint64(bound(startOffset, 0, 2 days));
        uint64 now_ = uint64(block.timestamp);
        uint64 start = past ? now_ - offset : now_ + offset;
        require(etro.transfer(address(ledger), amount), "fund ledger");
        uint64 length = uint64(bound(duration, 0, 30 days));
        ledger.credit(user, amount, start, length);
        _ghostEntries[user].push(GhostEntry(amount, start, length));
        ghostCredited[user] += amount;
        credits++;
    }

    function claim(uint256 userSeed) external {
        address user = users[userSeed % users.length];
        uint256 expected = ledger.claimable(user);
        if (expected == 0) return;
        uint256 before = etro.balanceOf(user);
        vm.prank(user);
        uint256 paid = ledger.claim();
        require(paid == expected, "claim pays the claimable figure");
        require(etro.balanceOf(user) - before == paid, "user received the claim");
        ghostPaid[user] += paid;
        ghostTotalPaid += paid;
        claims++;
    }

    /// @dev The linear release of the handler's own record of `user`'s entries, at the current time.
    function ghostReleased(address user) external view returns (uint256 sum) {
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            // forge-lint: disable-next-line(block-timestamp)
            if (block.timestamp < e.start) continue;
            uint256 elapsed = block.timestamp - e.start;
            sum += elapsed >= e.duration ? e.amount : e.amount * elapsed / e.duration;
        }
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
    }
}
