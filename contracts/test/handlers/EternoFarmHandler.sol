// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarm} from "../../src/EternoFarm.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random deposits, harvests, withdrawals and emergency withdrawals by a few farmers in both
///         pools, with blocks passing; records the ETRO the farmers received.
contract EternoFarmHandler is Test {
    EternoFarm public immutable farm;
    IERC20 public immutable etro;
    address[] public farmers;

    uint256 public ghostReceived;
    uint256 public deposits;

    constructor(EternoFarm farm_, address[] memory farmers_) {
        farm = farm_;
        etro = farm_.ETRO();
        farmers = farmers_;
    }

    function farmerCount() external view returns (uint256) {
        return farmers.length;
    }

    function deposit(uint256 farmerSeed, uint256 pidSeed, uint256 amount) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        (IERC20 lp,,,,) = farm.poolInfo(pid);
        amount = bound(amount, 0, lp.balanceOf(farmer));
        _paid(farmer, pid, true, amount);
        deposits++;
    }

    function withdraw(uint256 farmerSeed, uint256 pidSeed, uint256 amount) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        (uint256 deposited,) = farm.userInfo(pid, farmer);
        _paid(farmer, pid, false, bound(amount, 0, deposited));
    }

    function emergencyWithdraw(uint256 farmerSeed, uint256 pidSeed) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        uint256 before = etro.balanceOf(farmer);
        vm.prank(farmer);
        farm.emergencyWithdraw(pid);
        require(etro.balanceOf(farmer) == before, "emergency withdraw pays no reward");
    }

    function roll(uint256 blocks) external {
        vm.roll(block.number + bound(blocks, 1, 400));
    }

    /// @dev Deposits or withdraws `amount` (0 harvests) and checks the payout is the pending figure.
    function _paid(address farmer, uint256 pid, bool isDeposit, uint256 amount) private {
        uint256 pending = farm.pendingEtro(pid, farmer);
        uint256 before = etro.balanceOf(farmer);
        vm.prank(farmer);
        if (isDeposit) farm.deposit(pid, amount);
        else farm.withdraw(pid, amount);
        uint256 received = etro.balanceOf(farmer) - before;
        require(received == pending, "paid the pending figure");
        ghostReceived += received;
    }
}
